import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAfterLoad } from '@web/lib/use-after-load';

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
    // The stream's code comes only now (progress-stream.ts): the page is shown and takes orders without it.
    let close: (() => void) | undefined;
    let closed = false;
    import('./progress-stream').then(
      ({ openProgressStream }) => {
        if (!closed) close = openProgressStream(queryClient, eventId, setState);
      },
      // Its code did not arrive: the page polls, as while the stream is down.
      () => setState('offline'),
    );
    return () => {
      closed = true;
      close?.();
    };
  }, [afterLoad, eventId, queryClient]);

  return state;
}
