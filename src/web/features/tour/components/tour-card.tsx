import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import type { TourPosition, TourProgress, TourStep } from '@core/tour';
import { Button } from '@web/components/ui/button';

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

const GAP = 12;
const MARGIN = 8;
/** The chat button: 56px high, 16px from the bottom. */
const CHAT_BUTTON_CLEARANCE = 16 + 56 + 8;

/** Where the step's target is on screen, followed as the page renders, scrolls and resizes. */
function useTargetBox(selector: string | null): Box | null {
  const [box, setBox] = useState<Box | null>(null);
  useEffect(() => {
    if (!selector) {
      setBox(null);
      return;
    }
    let frame = 0;
    let scrolledTo: Element | null = null;
    const measure = () => {
      frame = 0;
      const element = document.querySelector(selector);
      if (!element) {
        setBox((previous) => (previous === null ? previous : null));
        return;
      }
      if (scrolledTo !== element) {
        scrolledTo = element;
        element.scrollIntoView?.({ block: 'center', inline: 'nearest' });
      }
      const r = element.getBoundingClientRect();
      const next = { top: r.top, left: r.left, width: r.width, height: r.height };
      setBox((previous) =>
        previous &&
        previous.top === next.top &&
        previous.left === next.left &&
        previous.width === next.width &&
        previous.height === next.height
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
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, true);
    };
  }, [selector]);
  return box;
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}

/**
 * The card beside its target (top, bottom or left of it), kept on screen; bottom-left without one.
 * On a narrow screen it stays above the chat button in the bottom-right corner.
 */
function placeCard(
  target: Box | null,
  position: TourPosition,
  card: { width: number; height: number },
): CSSProperties {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const bottomMargin = vw < 640 ? CHAT_BUTTON_CLEARANCE : MARGIN;
  if (!target) return { left: 16, bottom: Math.max(16, bottomMargin) };
  let top: number;
  let left: number;
  if (position === 'left' && target.left - card.width - GAP >= MARGIN) {
    top = target.top;
    left = target.left - card.width - GAP;
  } else if (position === 'top' && target.top - card.height - GAP >= MARGIN) {
    top = target.top - card.height - GAP;
    left = target.left;
  } else {
    top = target.top + target.height + GAP;
    left = target.left;
  }
  return {
    top: clamp(top, MARGIN, vh - card.height - bottomMargin),
    left: clamp(left, MARGIN, vw - card.width - MARGIN),
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
  targetAvailable,
  onNext,
  onSkip,
}: {
  step: TourStep;
  index: number;
  total: number;
  progress: TourProgress;
  targetAvailable: boolean;
  onNext: () => void;
  onSkip: () => void;
}) {
  const selector = step.target === 'body' || !targetAvailable ? null : step.target;
  const target = useTargetBox(selector);
  const cardRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 320, height: 200 });
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

  const isLast = index === total - 1;
  const titleId = `tour-step-${step.id}-title`;
  const descriptionId = `tour-step-${step.id}-description`;

  return (
    <>
      {target && (
        <div
          aria-hidden="true"
          data-testid="tour-highlight"
          className="pointer-events-none fixed z-[45] rounded-lg ring-4 ring-brand-500/70"
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
        className="fixed z-[45] w-[min(20rem,calc(100vw-1rem))] rounded-xl border border-stone-200 bg-white p-4 shadow-xl"
        style={placeCard(target, step.position, size)}
      >
        <p className="text-xs font-medium uppercase tracking-wide text-brand-700">
          Step {index + 1} of {total}
        </p>
        <h2 id={titleId} className="mt-1 text-base font-semibold">
          {step.title}
        </h2>
        <p id={descriptionId} className="mt-1 text-sm text-stone-700">
          {step.description}
        </p>
        <p className="mt-2 text-sm">
          Reward: <strong>+{step.reward.points} points</strong>{' '}
          <span role="img" aria-label="badge">
            {step.reward.badge}
          </span>
        </p>
        <p className="mt-1 text-xs text-stone-500">
          {progress.points} points so far
          {progress.badges.length > 0 ? ` · badges ${progress.badges.join(' ')}` : ''}
        </p>
        <div className="mt-3 flex justify-end gap-2">
          <Button variant="ghost" size="sm" onClick={onSkip}>
            Skip tour
          </Button>
          <Button size="sm" onClick={onNext}>
            {isLast ? 'Finish' : 'Next'}
          </Button>
        </div>
      </div>
    </>
  );
}
