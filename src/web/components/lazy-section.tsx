import {
  Component,
  startTransition,
  Suspense,
  useEffect,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { reportError } from '../lib/report-error';
import { translate, useT } from '../lib/i18n';
import { useNearViewport } from '../lib/use-near-viewport';
import { Alert } from './ui/alert';

/** How far below the screen a section starts loading, so it is there by the time it is scrolled to. */
const NEAR_MARGIN = '600px 0px';

/**
 * True once the element is within `margin` of the viewport, or once the visitor presses a key (find in
 * page, Tab, End) or prints: only what the visitor comes to loads, not every section on every visit
 * (issue 42, decision 232; it used to load them all once the page was idle). Without
 * IntersectionObserver (test DOMs) it is true at once.
 */
function useNearViewportOrAsked(margin: string, label: string) {
  const { ref, near } = useNearViewport(margin);
  // A section shown before in this visit (its code is here) is drawn at once when its page comes back,
  // so Back finds the page as tall as it was and the scroll position lands on the same place.
  const [asked, setAsked] = useState(() => shownBefore.has(label));
  useEffect(() => {
    if (near || asked) return;
    const ask = () => startTransition(() => setAsked(true));
    for (const type of ASKING_EVENTS) window.addEventListener(type, ask, { once: true });
    return () => {
      for (const type of ASKING_EVENTS) window.removeEventListener(type, ask);
    };
  }, [near, asked]);
  const show = near || asked;
  // (Only in a browser: a test DOM without IntersectionObserver shows every section at once anyway.)
  if (show && typeof IntersectionObserver !== 'undefined') shownBefore.add(label);
  return { ref, show };
}

/** The sections (by label) shown so far in this visit. */
const shownBefore = new Set<string>();

/** What brings every section in: a key (find in page, Tab, End, Page Down) or printing. */
const ASKING_EVENTS = ['keydown', 'beforeprint'] as const;

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
      <Alert tone="error" title={translate('ui.sectionFailed', { label: this.props.label })}>
        {translate('ui.reloadToRetry')}
      </Alert>
    );
  }
}

/** A section's height in px, or its heights on a phone and from the `sm` width up when they differ. */
export type ReservedHeight = number | readonly [phone: number, wide: number];

/** The place a section holds while its code arrives: its height reserved, its name announced. */
export function SectionPlaceholder({ label, minHeight }: { label: string; minHeight: ReservedHeight }) {
  const t = useT();
  const [phone, wide] = typeof minHeight === 'number' ? [minHeight, minHeight] : minHeight;
  return (
    <div
      role="status"
      style={{ '--phone-height': `${phone}px`, '--wide-height': `${wide}px` } as CSSProperties}
      className="min-h-(--phone-height) rounded-xl bg-stone-50 sm:min-h-(--wide-height)"
    >
      <span className="sr-only">{t('ui.loadingSection', { label })}</span>
    </div>
  );
}

/**
 * A part of a page below the fold whose code (a `React.lazy` component in `children`) is fetched
 * only when it comes near the screen, or at a key press or print (decisions 094 and 232). Until
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
  const { ref, show } = useNearViewportOrAsked(NEAR_MARGIN, label);
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
