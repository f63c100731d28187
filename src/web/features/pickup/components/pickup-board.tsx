import type { PickupBoardDto } from '@contract/pickup';
import { useT } from '@web/lib/i18n';

/**
 * The screen at the truck's window (decision 226): large codes, readable from 3 m, in two columns,
 * being prepared and ready. Codes only: a name never shows on a screen in public.
 */
export function PickupBoard({ board }: { board: PickupBoardDto }) {
  const t = useT();
  return (
    <div className="flex min-h-dvh flex-col bg-stone-950 p-6 text-white">
      <header className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold sm:text-5xl">{board.truckName}</h1>
        <p className="text-xl text-stone-300 sm:text-3xl">{board.eventTitle}</p>
      </header>
      <div className="grid flex-1 gap-6 md:grid-cols-2">
        <Column title={t('board.ready')} codes={board.ready} empty={t('board.noneReady')} ready />
        <Column title={t('board.preparing')} codes={board.preparing} empty={t('board.nonePreparing')} />
      </div>
    </div>
  );
}

function Column({
  title,
  codes,
  empty,
  ready,
}: {
  title: string;
  codes: string[];
  empty: string;
  ready?: boolean;
}) {
  return (
    <section aria-label={title} className={`rounded-2xl p-5 ${ready ? 'bg-green-900' : 'bg-stone-800'}`}>
      <h2 className="mb-4 text-3xl font-bold uppercase tracking-wide sm:text-5xl">{title}</h2>
      {codes.length === 0 ? (
        <p className="text-2xl text-stone-300">{empty}</p>
      ) : (
        <ul className="flex flex-wrap gap-x-8 gap-y-3">
          {codes.map((code) => (
            <li key={code} className="font-mono text-5xl font-bold tracking-widest sm:text-7xl">
              {code}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
