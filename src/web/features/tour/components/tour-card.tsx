import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import type { TourPosition, TourProgress, TourStep } from '@core/tour';
import { Button } from '@web/components/ui/button';
import { useT } from '@web/lib/i18n';
import { TourBadge, TourBadges } from '../tour-badges';

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
  /** The band the card may use when measured (it moves as toasts come and go). */
  room?: string;
}

const GAP = 12;
const MARGIN = 8;
/** The chat button: 56px high, 16px from the bottom. */
const CHAT_BUTTON_CLEARANCE = 16 + 56 + 8;

/**
 * Scrolls so the target and the card fit on screen together, the card on its preferred side; when
 * the target is too tall for that, its top is brought just below where the card will sit.
 */
function scrollToFit(element: Element, card: { width: number; height: number }, cardBelow: boolean) {
  const { top: topLimit, bottom: bottomLimit } = verticalRoom();
  const r = element.getBoundingClientRect();
  const room = bottomLimit - topLimit;
  const pair = r.height + GAP + card.height;
  let desiredTop: number;
  if (pair <= room) {
    const pairTop = topLimit + (room - pair) / 2;
    desiredTop = cardBelow ? pairTop : pairTop + card.height + GAP;
  } else {
    desiredTop = topLimit + card.height + GAP;
    // A tall target near the top of the page (a list under its heading) can't be scrolled down to
    // make room above it: the page lends the room for as long as the step lasts.
    const shortfall = desiredTop - (r.top + window.scrollY);
    if (shortfall > 0) {
      document.body.style.paddingTop = `${Math.ceil(shortfall)}px`;
      window.scrollTo?.({ top: 0, behavior: 'instant' as ScrollBehavior });
      return;
    }
  }
  window.scrollBy?.({ top: r.top - desiredTop, behavior: 'instant' as ScrollBehavior });
}

/** The open toasts (Radix's toast items), wherever the page shows them. */
const OPEN_TOASTS = 'li[data-state="open"][data-swipe-direction]';

/**
 * The band of the viewport a card may use: on a phone it stays above the chat button; and clear of
 * any toast on screen, above a toast at the bottom or below one at the top (issue 42).
 */
function verticalRoom(): { top: number; bottom: number } {
  const bottomMargin = window.innerWidth < 640 ? CHAT_BUTTON_CLEARANCE : MARGIN;
  let top = MARGIN;
  let bottom = window.innerHeight - bottomMargin;
  for (const toast of document.querySelectorAll(OPEN_TOASTS)) {
    const r = toast.getBoundingClientRect();
    if (r.height === 0) continue;
    if (r.top + r.height / 2 > window.innerHeight / 2) bottom = Math.min(bottom, r.top - GAP);
    else top = Math.max(top, r.bottom + GAP);
  }
  return { top, bottom };
}

/** On a phone a card beside its target has no room: it goes below it, where lists have space. */
function prefersBelow(position: TourPosition): boolean {
  return position !== 'top' || window.innerWidth < 640;
}

/** Where the step's target is on screen, followed as the page renders, scrolls and resizes. */
function useTargetBox(
  selector: string | null,
  position: TourPosition,
  cardSize: { width: number; height: number },
): Box | null {
  const [box, setBox] = useState<Box | null>(null);
  const sizeRef = useRef(cardSize);
  sizeRef.current = cardSize;
  useEffect(() => {
    if (!selector) {
      setBox(null);
      return;
    }
    let frame = 0;
    let scrolledTo: Element | null = null;
    let fittedFor = '';
    const measure = () => {
      frame = 0;
      const element = document.querySelector(selector);
      if (!element) {
        setBox((previous) => (previous === null ? previous : null));
        return;
      }
      // Again when the target grows (a list that was loading) or the card's size is known.
      // And when the page has lent room at its end for the card (TourCard's padding), which lets it
      // scroll the target up.
      const fitted = `${element.getBoundingClientRect().height}:${sizeRef.current.height}:${document.body.style.paddingBottom}`;
      if (scrolledTo !== element || fittedFor !== fitted) {
        scrolledTo = element;
        fittedFor = fitted;
        document.body.style.paddingTop = '';
        scrollToFit(element, sizeRef.current, prefersBelow(position));
      }
      const r = element.getBoundingClientRect();
      const { top, bottom } = verticalRoom();
      const next = { top: r.top, left: r.left, width: r.width, height: r.height, room: `${top}:${bottom}` };
      setBox((previous) =>
        previous &&
        previous.top === next.top &&
        previous.left === next.left &&
        previous.width === next.width &&
        previous.height === next.height &&
        previous.room === next.room
          ? previous
          : next,
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    window.addEventListener('resize', schedule);
    window.addEventListener('scroll', schedule, true);
    return () => {
      cancelAnimationFrame(frame);
      document.body.style.paddingTop = '';
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, true);
    };
  }, [selector, position]);
  return box;
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}

/**
 * The card beside its target, never on it when there is room anywhere: its preferred side first
 * (left, top or bottom), then the other sides, kept on screen; bottom-left without a target. On a
 * narrow screen it stays above the chat button in the bottom-right corner.
 */
export function placeCard(
  target: Box | null,
  position: TourPosition,
  card: { width: number; height: number },
): CSSProperties {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const { top: topLimit, bottom: bottomLimit } = verticalRoom();
  if (!target) return { left: 16, bottom: Math.max(16, vh - bottomLimit) };
  const left = clamp(target.left, MARGIN, vw - card.width - MARGIN);
  const above = { top: target.top - card.height - GAP, left };
  const below = { top: target.top + target.height + GAP, left };
  const fitsAbove = above.top >= topLimit;
  const fitsBelow = below.top + card.height <= bottomLimit;
  let chosen: { top: number; left: number };
  if (position === 'left' && target.left - card.width - GAP >= MARGIN) {
    chosen = { top: target.top, left: target.left - card.width - GAP };
  } else if (!fitsAbove && !fitsBelow) {
    // No room on either side (a target taller than the screen): above it, where scrollToFit made
    // room, as far as the screen allows.
    chosen = above;
  } else if (prefersBelow(position)) {
    chosen = fitsBelow ? below : above;
  } else {
    chosen = fitsAbove ? above : below;
  }
  return {
    top: clamp(chosen.top, topLimit, bottomLimit - card.height),
    left: clamp(chosen.left, MARGIN, vw - card.width - MARGIN),
  };
}

/**
 * One step of the tour: a non-modal card pointing at the step's target (outlined), with the reward,
 * Skip and Next (Finish on the last step). Escape skips.
 */
export function TourCard({
  step,
  index,
  total,
  progress,
  truck,
  targetAvailable,
  onNext,
  onSkip,
}: {
  step: TourStep;
  /** The truck's tour (core/truck-tour.ts), whose steps' words are `tour.truckSteps`. */
  truck: boolean;
  index: number;
  total: number;
  progress: TourProgress;
  targetAvailable: boolean;
  onNext: () => void;
  onSkip: () => void;
}) {
  const t = useT('app');
  const words = `tour.${truck ? 'truckSteps' : 'steps'}.${step.id}`;
  const selector = step.target === 'body' || !targetAvailable ? null : step.target;
  const cardRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 320, height: 200 });
  const target = useTargetBox(selector, step.position, size);
  useLayoutEffect(() => {
    const element = cardRef.current;
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setSize((previous) =>
        previous.width === width && previous.height === height ? previous : { width, height },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // On a phone the card sits over the bottom of the page: the page gets that much room at its end, so
  // whatever lies under the card (a truck's Approve and Reject) can always be scrolled out from under
  // it and tapped (decision 159).
  // On a wider screen a card below its target gets the same room, so a target at the page's end (the
  // Create Event button) can be scrolled up and the card sit below it, not over the form above it.
  const below = step.position === 'bottom' && selector !== null;
  useEffect(() => {
    const phone = window.innerWidth < 640;
    if (!phone && !below) return;
    const previous = document.body.style.paddingBottom;
    const room = phone ? CHAT_BUTTON_CLEARANCE : GAP + MARGIN;
    document.body.style.paddingBottom = `${Math.ceil(size.height) + room}px`;
    return () => {
      document.body.style.paddingBottom = previous;
    };
  }, [size.height, below]);

  const isLast = index === total - 1;
  const titleId = `tour-step-${step.id}-title`;
  const descriptionId = `tour-step-${step.id}-description`;

  return (
    <>
      {target && (
        <div
          aria-hidden="true"
          data-testid="tour-highlight"
          className="pointer-events-none fixed z-[45] rounded-lg ring-4 ring-brand-600"
          style={{
            top: target.top - 4,
            left: target.left - 4,
            width: target.width + 8,
            height: target.height + 8,
          }}
        />
      )}
      <div
        ref={cardRef}
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        data-tour-step={step.id}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onSkip();
        }}
        className="fixed z-[45] w-[min(20rem,calc(100vw-1rem))] rounded-card border border-line bg-white p-4 shadow-xl"
        style={placeCard(target, step.position, size)}
      >
        <p className="text-xs font-medium uppercase tracking-wide text-brand-700">
          {t('tour.stepOf', { step: index + 1, total })}
        </p>
        <h2 id={titleId} className="mt-1 text-lg font-semibold">
          {t(`${words}.title`)}
        </h2>
        <p id={descriptionId} className="mt-1 text-sm text-stone-700">
          {t(`${words}.description`)}
        </p>
        <p className="mt-2 text-sm">
          {t('tour.reward')} <strong>{t('tour.rewardPoints', { points: step.reward.points })}</strong>{' '}
          <TourBadge badge={step.reward.badge} />
        </p>
        <p className="mt-1 text-xs text-muted">
          {t('tour.pointsSoFar', { points: progress.points })}
          {progress.badges.length > 0 && (
            <>
              {t('tour.badgesSoFar')}
              <TourBadges badges={progress.badges} />
            </>
          )}
        </p>
        <div className="mt-3 flex justify-end gap-2">
          <Button variant="ghost" size="sm" onClick={onSkip}>
            {t('tour.skip')}
          </Button>
          <Button size="sm" onClick={onNext}>
            {isLast ? t('tour.finish') : t('tour.next')}
          </Button>
        </div>
      </div>
    </>
  );
}
