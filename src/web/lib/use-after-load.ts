import { startTransition, useEffect, useState } from 'react';

/** After `load`, how long the page's own requests (its data, its route's code) get the network alone. */
const SETTLE_MS = 1000;

/**
 * False until the page has loaded, settled and the browser is idle, then true: what nobody needs to
 * see the page or to start using it (the support chat's button, the toast area) mounts then, so its
 * code neither is part of the first download nor competes with the page's data on a slow link
 * (decision 091).
 */
export function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let idleHandle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      if (cancelled) return;
      // The page's after-load phase has begun: the budget's measure waits for it, then for the
      // network to go quiet (decision 232).
      document.documentElement.dataset.settled = 'true';
      // What mounts now renders in slices between the page's own work (a transition).
      startTransition(() => setReady(true));
    };
    const whenIdle = () => {
      timer = setTimeout(() => {
        if ('requestIdleCallback' in window) idleHandle = window.requestIdleCallback(done, { timeout: 2000 });
        else done();
      }, SETTLE_MS);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', whenIdle);
      if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return ready;
}
