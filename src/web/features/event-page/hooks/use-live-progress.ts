import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ProgressMessage } from '@core/momentum';
import { eventQueryKey, type PublicEventDetails } from '../api/get-event';

export type LiveProgressState = 'connecting' | 'live' | 'offline';

/**
 * Keeps the cached event's sales, goal, backer count and status current from the server's
 * `progress` stream (GET /api/events/{id}/stream). The browser's EventSource reconnects by itself;
 * while it is not connected the state is not `live` and the page polls instead.
 */
export function useLiveProgress(eventId: number): LiveProgressState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveProgressState>(() =>
    typeof EventSource === 'undefined' ? 'offline' : 'connecting',
  );

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/events/${eventId}/stream`);
    source.addEventListener('open', () => setState('live'));
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
  }, [eventId, queryClient]);

  return state;
}
