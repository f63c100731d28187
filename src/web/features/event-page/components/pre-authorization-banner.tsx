import { formatCents } from '@core/money';

/**
 * The promise at the top of the page: a hold now, a charge only if the goal is met (or at once after
 * it). After the goal, if charges failed, it says what is still missing rather than that all is well.
 */
export function PreAuthorizationBanner({
  chargedAtOnce,
  shortfallCents = 0,
  savesCard = false,
}: {
  chargedAtOnce: boolean;
  shortfallCents?: number;
  /** The start is too far off for a hold (more than 4 days 18 hours): the card is saved, not authorized. */
  savesCard?: boolean;
}) {
  return (
    <div role="note" aria-label="How payment works" className="border-b border-brand-100 bg-brand-50">
      <p className="mx-auto max-w-6xl px-4 py-3 text-sm text-brand-700">
        {chargedAtOnce && shortfallCents > 0 ? (
          <>
            <strong>This event reached its goal, but some payments failed:</strong>{' '}
            {formatCents(shortfallCents)} is needed again to confirm it. New pre-orders are charged right
            away.
          </>
        ) : chargedAtOnce ? (
          <>
            <strong>This event reached its funding goal.</strong> New pre-orders are charged right away.
          </>
        ) : (
          <>
            <strong>Pre-order with no risk:</strong> your card is only {savesCard ? 'saved' : 'authorized'}{' '}
            now and charged only if this event reaches its funding goal. You can cancel anytime before then.
          </>
        )}
      </p>
    </div>
  );
}
