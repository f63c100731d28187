import type { QueryClient } from '@tanstack/react-query';
import type { ProgressMessage } from '@core/momentum';
import { apiPath } from '@web/lib/api-client';
import { eventQueryKey, type PublicEventDetails } from '../api/get-event';
import type { LiveProgressState } from './use-live-progress';

/**
 * Opens the event's `progress` stream (GET /api/events/{id}/stream) and keeps the cached event's
 * sales, goal, backer count and status current from it; `onState` hears whether it is live. Returns
 * the function that closes it. A chunk of its own: the page is shown and takes orders without it.
 */
export function openProgressStream(
  queryClient: QueryClient,
  eventId: number,
  onState: (state: LiveProgressState) => void,
): () => void {
  const source = new EventSource(apiPath('/api/events/{id}/stream', { id: eventId }));
  source.addEventListener('open', () => {
    onState('live');
    void queryClient.invalidateQueries({ queryKey: eventQueryKey(eventId) });
  });
  source.addEventListener('progress', (message) => {
    let progress: ProgressMessage;
    try {
      progress = JSON.parse((message as MessageEvent<string>).data) as ProgressMessage;
    } catch {
      return;
    }
    queryClient.setQueryData<PublicEventDetails>(eventQueryKey(eventId), (old) =>
      old
        ? {
            ...old,
            currentSales: progress.currentSales,
            minimumSales: progress.minimumSales,
            backerCount: progress.backerCount,
            status: progress.status as PublicEventDetails['status'],
          }
        : old,
    );
    onState('live');
  });
  source.addEventListener('error', () =>
    onState(source.readyState === EventSource.CLOSED ? 'offline' : 'connecting'),
  );
  return () => source.close();
}
