import { useParams } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { usePickupBoard } from '../features/pickup/api/pickup';
import { PickupBoard } from '../features/pickup/components/pickup-board';
import { useT } from '../lib/i18n';

/** /events/public/{id}/board: the board on a tablet at the truck's window, updated every few seconds. */
export function PickupBoardPage() {
  const t = useT();
  const { id } = useParams();
  const eventId = /^\d{1,9}$/.test(id ?? '') ? Number(id) : 0;
  const board = usePickupBoard(eventId);
  if (board.isPending) return <Spinner label={t('board.loading')} />;
  if (board.isError && !board.data)
    return (
      <p role="alert" className="p-8 text-2xl">
        {t('board.notFound')}
      </p>
    );
  return (
    <>
      <title>{t('board.title', { title: board.data!.eventTitle })}</title>
      <PickupBoard board={board.data!} />
    </>
  );
}
