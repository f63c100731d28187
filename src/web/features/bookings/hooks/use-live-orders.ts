import { useEffect, useRef, useState } from 'react';
import { apiPath } from '@web/lib/api-client';

export type LiveOrdersState = 'connecting' | 'live' | 'offline';

/** A truck watches at most this many events at once: the server allows 20 streams per address. */
export const LIVE_ORDER_EVENTS = 4;

/**
 * New orders as they come in (decision 157): the events' live progress streams (GET
 * /api/events/{id}/stream), the channel diners' pages already use, tell of every order that is held,
 * charged, cancelled or refunded; `onChange` then reloads what the screen shows. The first message of
 * each connection is the state at connecting, so a reconnect after a dropped line reloads as well.
 */
export function useLiveOrders(eventIds: readonly number[], onChange: () => void): LiveOrdersState {
  const [state, setState] = useState<LiveOrdersState>(() =>
    typeof EventSource === 'undefined' ? 'offline' : 'connecting',
  );
  const key = eventIds.slice(0, LIVE_ORDER_EVENTS).join(',');
  // Read when a message comes: a new callback each render must not reconnect.
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined' || key === '') return;
    const sources = key.split(',').map((id) => {
      const source = new EventSource(apiPath('/api/events/{id}/stream', { id }));
      let connected = false;
      source.addEventListener('open', () => {
        if (connected) changed.current();
        connected = true;
        setState('live');
      });
      let first = true;
      source.addEventListener('progress', () => {
        if (!first) changed.current();
        first = false;
        setState('live');
      });
      source.addEventListener('error', () =>
        setState(source.readyState === EventSource.CLOSED ? 'offline' : 'connecting'),
      );
      return source;
    });
    return () => {
      for (const source of sources) source.close();
    };
  }, [key]);

  return state;
}
