import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'food-truck-fund:scroll';
/** How long a page that is still growing (its data, its lazy parts) is waited for to reach the position. */
const RESTORE_FOR_MS = 2000;
const INTERRUPTIONS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Where the reader was on a history entry: the offset, and the first heading then on screen (its text,
 * which of the headings of that text it was, and its distance from the top of the screen).
 */
interface Spot {
  y: number;
  /** The address it was recorded at (entries a fragment link made share their key with the first one). */
  href?: string;
  heading?: { text: string; nth: number; top: number };
}

function readPositions(): Record<string, Spot> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, Spot | number>;
    // (Kept before headings were: a bare offset.)
    return Object.fromEntries(
      Object.entries(stored).map(([key, spot]) => [key, typeof spot === 'number' ? { y: spot } : spot]),
    );
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
let pendingFrame = 0;

function currentHref(): string {
  return window.location.pathname + window.location.search + window.location.hash;
}

function pageHeadings(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('main h1, main h2, main h3')];
}

const textOf = (heading: HTMLElement) => (heading.textContent ?? '').trim();

/** The first heading whose top is on screen, as a spot to find again. */
function headingOnScreen(): Spot['heading'] {
  const headings = pageHeadings();
  const onScreen = headings.find((heading) => {
    const { top } = heading.getBoundingClientRect();
    return top >= 0 && top < window.innerHeight;
  });
  if (!onScreen) return undefined;
  const text = textOf(onScreen);
  const nth = headings.filter((heading) => textOf(heading) === text).indexOf(onScreen);
  return { text, nth, top: Math.round(onScreen.getBoundingClientRect().top) };
}

/** The offset that puts the spot's heading back where it was on screen; its own offset without it. */
function offsetOf(spot: Spot): number {
  const { heading } = spot;
  const found = heading && pageHeadings().filter((h) => textOf(h) === heading.text)[heading.nth];
  if (!heading || !found) return spot.y;
  return Math.round(window.scrollY + found.getBoundingClientRect().top - heading.top);
}

function remember(): void {
  // While the app goes to another address, the page still on screen may shrink or be replaced: the
  // scroll events that follow are not the reader's and must not overwrite where they were (issue 42).
  if (activeKey === null || currentHref() !== activeHref) return;
  const key = activeKey;
  const href = activeHref;
  positions[key] = { ...positions[key], y: Math.round(window.scrollY), href };
  // The heading on screen is read from the layout once a frame at most, for the entry still shown.
  if (pendingFrame) return;
  pendingFrame = requestAnimationFrame(() => {
    pendingFrame = 0;
    if (activeKey === key && currentHref() === activeHref)
      positions[key] = { y: Math.round(window.scrollY), href, heading: headingOnScreen() };
  });
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
 * restoration is switched off, and the position is held for `RESTORE_FOR_MS` while the page fills in
 * (decision 233). A reader who scrolls, taps or types meanwhile is not pulled back.
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
    // A first visit (or a page the reader has already scrolled) is left where it is, and so is a jump
    // to a #fragment by a plain link: the browser has scrolled it, and React Router reads it as a Back
    // to an entry of the same key ("default") as the page it jumped from.
    if (saved === undefined || (first && window.scrollY > 0)) return;
    if (saved.href !== undefined && saved.href !== activeHref) return;
    const until = performance.now() + RESTORE_FOR_MS;
    let frame = 0;
    // The place is held for the whole window, not only reached once, and by what the reader was reading:
    // the first heading then on screen goes back to the same height on screen, whatever arrived or left
    // above it meanwhile (a kept cart drawn again, the diner's new order); without it, the same offset.
    // The browser's own scroll anchoring is off meanwhile, as it would move the page a second time.
    // Back from the confirmation page landed 364 px further down without this (issue 42; decision 233).
    const root = document.documentElement;
    root.style.overflowAnchor = 'none';
    const stop = () => {
      cancelAnimationFrame(frame);
      root.style.overflowAnchor = '';
      for (const type of INTERRUPTIONS) window.removeEventListener(type, stop);
    };
    const attempt = () => {
      const target = offsetOf(saved);
      if (Math.abs(window.scrollY - target) > 1) window.scrollTo(0, target);
      if (performance.now() < until) frame = requestAnimationFrame(attempt);
      else stop();
    };
    for (const type of INTERRUPTIONS) window.addEventListener(type, stop, { passive: true });
    attempt();
    return stop;
  }, [location.key, location.pathname, location.search, location.hash, navigationType]);

  return null;
}
