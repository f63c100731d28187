import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come up into the top part of the screen (an edge peeking in at the bottom
 * doesn't count; `bottomMargin` of the viewport is left out). Without IntersectionObserver (old
 * browsers, test DOMs) it answers false, so whatever it hides stays shown.
 *
 * The element is a ref read after the commit, and `shown` says when it is on the page: a callback ref
 * kept in state would set that state during the commit, an update React runs at once, and on a page
 * being hydrated it would hydrate everything still waiting in one task (decision 236).
 */
export function useElementInView(
  ref: RefObject<Element | null>,
  shown: boolean,
  bottomMargin = '35%',
): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!shown || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry) setInView(entry.isIntersecting);
      },
      { rootMargin: `0px 0px -${bottomMargin} 0px` },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      setInView(false);
    };
  }, [ref, shown, bottomMargin]);
  return inView;
}
