import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'food-truck-fund:scroll';
/** How long a page that is still growing (its data, its lazy parts) is waited for to reach the position. */
const RESTORE_FOR_MS = 2000;
const INTERRUPTIONS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

const positions = readPositions();
/**
 * The history entry on screen. Set in the commit that shows a new page, before the browser can fire a
 * scroll event for it, so the old page's position is never overwritten by the new page's.
 */
let activeKey: string | null = null;
/** Its address: once the address bar has moved on (a link, navigate(), Back), the entry is being left. */
let activeHref: string | null = null;

function currentHref(): string {
  return window.location.pathname + window.location.search + window.location.hash;
}

function remember(): void {
  // While the app goes to another address, the page still on screen may shrink or be replaced: the
  // scroll events that follow are not the reader's and must not overwrite where they were (issue 42).
  if (activeKey !== null && currentHref() === activeHref) positions[activeKey] = Math.round(window.scrollY);
}

function writePositions(): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // storage refused: positions are kept for this page's life only
  }
}

/**
 * Scrolls like a site of separate pages would (decision 148): a page opened by a link starts at the top
 * (or at its #anchor), Back and Forward return to where the reader was on that page, also after a
 * reload. The browser cannot do it for an app that renders pages after their data arrives, so its own
 * restoration is switched off. A reader who scrolls, taps or types while a page is still filling is not
 * pulled back.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', writePositions);
    return () => {
      window.history.scrollRestoration = 'auto';
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', writePositions);
    };
  }, []);

  useLayoutEffect(() => {
    const first = activeKey === null;
    activeKey = location.key;
    activeHref = location.pathname + location.search + location.hash;
    writePositions();
    if (navigationType !== 'POP') {
      const target = location.hash
        ? document.getElementById(decodeURIComponent(location.hash.slice(1)))
        : null;
      if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
      return;
    }
    const saved = positions[location.key];
    // A first visit (or a page the reader has already scrolled) is left where it is.
    if (saved === undefined || (first && window.scrollY > 0)) return;
    const until = performance.now() + RESTORE_FOR_MS;
    let frame = 0;
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const type of INTERRUPTIONS) window.removeEventListener(type, stop);
    };
    const attempt = () => {
      window.scrollTo(0, saved);
      if (Math.abs(window.scrollY - saved) > 1 && performance.now() < until)
        frame = requestAnimationFrame(attempt);
      else stop();
    };
    for (const type of INTERRUPTIONS) window.addEventListener(type, stop, { passive: true });
    attempt();
    return stop;
  }, [location.key, location.pathname, location.search, location.hash, navigationType]);

  return null;
}
