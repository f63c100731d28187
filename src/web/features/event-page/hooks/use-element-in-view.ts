import { useEffect, useState } from 'react';

/**
 * Whether the element has come up into the top part of the screen (an edge peeking in at the bottom
 * doesn't count; `bottomMargin` of the viewport is left out). Without IntersectionObserver (old
 * browsers, test DOMs) it answers false, so whatever it hides stays shown.
 */
export function useElementInView(element: Element | null, bottomMargin = '35%'): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') return;
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
  }, [element, bottomMargin]);
  return inView;
}
