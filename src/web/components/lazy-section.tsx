import { Component, Suspense, type CSSProperties, type ReactNode } from 'react';
import { reportError } from '../lib/report-error';
import { useAfterLoad } from '../lib/use-after-load';
import { useNearViewport } from '../lib/use-near-viewport';
import { Alert } from './ui/alert';

/** How far below the screen a section starts loading, so it is there by the time it is scrolled to. */
const NEAR_MARGIN = '600px 0px';

/**
 * True once the element is within `margin` of the viewport, and at the latest once the page has
 * loaded and the browser is idle (so it is there for find-in-page, print, or a visitor who jumps to
 * it). Without IntersectionObserver (test DOMs) it is true at once.
 */
function useNearViewportOrIdle(margin: string) {
  const { ref, near } = useNearViewport(margin);
  const afterLoad = useAfterLoad();
  return { ref, show: near || afterLoad };
}

class SectionErrorBoundary extends Component<{ label: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    reportError(`${this.props.label} did not load`, error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert tone="error" title={`Could not load ${this.props.label}.`}>
        Reload the page to try again.
      </Alert>
    );
  }
}

/** A section's height in px, or its heights on a phone and from the `sm` width up when they differ. */
export type ReservedHeight = number | readonly [phone: number, wide: number];

/** The place a section holds while its code arrives: its height reserved, its name announced. */
export function SectionPlaceholder({ label, minHeight }: { label: string; minHeight: ReservedHeight }) {
  const [phone, wide] = typeof minHeight === 'number' ? [minHeight, minHeight] : minHeight;
  return (
    <div
      role="status"
      style={{ '--phone-height': `${phone}px`, '--wide-height': `${wide}px` } as CSSProperties}
      className="min-h-(--phone-height) rounded-xl bg-stone-50 sm:min-h-(--wide-height)"
    >
      <span className="sr-only">{`Loading ${label}…`}</span>
    </div>
  );
}

/**
 * A part of a page below the fold whose code (a `React.lazy` component in `children`) is fetched
 * only when it comes near the screen, or once the page has loaded and settled (decision 094). Until
 * then it holds `minHeight` so nothing shifts, and says what is loading. A chunk that fails to load
 * becomes a message in place of the section, never a broken page.
 */
export function LazySection({
  label,
  minHeight,
  children,
}: {
  /** What loads, in words: "the invite form". */
  label: string;
  minHeight: ReservedHeight;
  children: ReactNode;
}) {
  const { ref, show } = useNearViewportOrIdle(NEAR_MARGIN);
  const placeholder = <SectionPlaceholder label={label} minHeight={minHeight} />;
  if (!show) return <div ref={ref}>{placeholder}</div>;
  return (
    <SectionErrorBoundary label={label}>
      <Suspense fallback={placeholder}>{children}</Suspense>
    </SectionErrorBoundary>
  );
}

/** A lazily loaded part shown only when something calls for it: no reserved place before then. */
export function LazyPart({ label, children }: { label: string; children: ReactNode }) {
  return (
    <SectionErrorBoundary label={label}>
      <Suspense fallback={<SectionPlaceholder label={label} minHeight={0} />}>{children}</Suspense>
    </SectionErrorBoundary>
  );
}
