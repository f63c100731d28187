import { startTransition, useEffect, useRef, useState } from 'react';

/**
 * True once the element given `ref` comes within `margin` of the viewport, and stays true. Where there
 * is no IntersectionObserver (test DOMs) it is true at once; while the server renders a page it is
 * false, as in the browser's first render.
 */
export function useNearViewport(margin: string) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );
  useEffect(() => {
    if (near || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // Rendering the section may take a while on a slow phone: it yields to input (a transition).
        if (entries.some((e) => e.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: margin },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
}
