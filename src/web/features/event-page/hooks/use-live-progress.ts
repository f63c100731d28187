import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ProgressMessage } from '@core/momentum';
import { useAfterLoad } from '@web/lib/use-after-load';
import { eventQueryKey, type PublicEventDetails } from '../api/get-event';
import { apiPath } from '@web/lib/api-client';

export type LiveProgressState = 'connecting' | 'live' | 'offline';

/**
 * Keeps the cached event's sales, goal, backer count and status current from the server's
 * `progress` stream (GET /api/events/{id}/stream). The browser's EventSource reconnects by itself;
 * while it is not connected the state is not `live` and the page polls instead.
 *
 * The stream opens once the page has loaded and settled (decision 094): the page's own requests get
 * the network first. It sends changes, not the current totals, so each time it opens the event is
 * asked for once more: nothing that happened before (or while it was down) is missed.
 */
export function useLiveProgress(eventId: number): LiveProgressState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveProgressState>(() =>
    typeof EventSource === 'undefined' ? 'offline' : 'connecting',
  );

  const afterLoad = useAfterLoad();

  useEffect(() => {
    if (!afterLoad || typeof EventSource === 'undefined') return;
    const source = new EventSource(apiPath('/api/events/{id}/stream', { id: eventId }));
    source.addEventListener('open', () => {
      setState('live');
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
      setState('live');
    });
    source.addEventListener('error', () =>
      setState(source.readyState === EventSource.CLOSED ? 'offline' : 'connecting'),
    );
    return () => source.close();
  }, [afterLoad, eventId, queryClient]);

  return state;
}
