import { setHydrationTime } from '../lib/render-time';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';

const PageShown = createContext<() => void>(() => {});

/**
 * A page the server made (decision 108) is inert until the browser has hydrated it: its buttons have no
 * code behind them yet, so they are not offered. React hydrates the layout first and the page inside
 * its Suspense boundary after; the page's `PageReady` says when it is done. Then the page is marked
 * ready (browser tests wait for `html[data-ready]`).
 */
export function InertUntilHydrated({ serverMade, children }: { serverMade: boolean; children: ReactNode }) {
  const [inert, setInert] = useState(serverMade);
  const shown = useCallback(() => {
    setInert(false);
    setHydrationTime(null);
    document.documentElement.dataset.ready = 'true';
  }, []);
  return (
    <PageShown.Provider value={shown}>
      <div inert={inert || undefined}>{children}</div>
    </PageShown.Provider>
  );
}

/** Wraps a layout's page, inside its Suspense boundary: once it commits, the page is on screen and live. */
export function PageReady({ children }: { children: ReactNode }) {
  const shown = useContext(PageShown);
  useEffect(shown, [shown]);
  return children;
}
