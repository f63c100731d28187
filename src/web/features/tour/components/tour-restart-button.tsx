import { forwardRef } from 'react';
import { Button, type ButtonProps } from '@web/components/ui/button';
import { TourBadges } from '../tour-badges';
import { useTour } from '../use-tour';

/**
 * The tour's points and badges with a control to take it again (restarted from the
 * profile settings).
 */
export function TourRestartButton({ label = 'Restart tour' }: { label?: string }) {
  const tour = useTour();
  const progress = tour.progress;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {progress && progress.points > 0 && (
        <p className="text-sm text-stone-700">
          Onboarding tour: {progress.points} of {tour.totalPoints} points{' '}
          <TourBadges badges={progress.badges} />
        </p>
      )}
      <Button variant="outline" size="sm" onClick={tour.start} disabled={tour.step !== null}>
        {label}
      </Button>
    </div>
  );
}

/** A bare "take the tour" button, for places that compose it (e.g. inside a Radix Close). */
export const TourStartButton = forwardRef<HTMLButtonElement, ButtonProps>(function TourStartButton(
  { onClick, children = 'Take the tour', ...props },
  ref,
) {
  const tour = useTour();
  return (
    <Button
      ref={ref}
      variant="outline"
      size="sm"
      {...props}
      onClick={(event) => {
        onClick?.(event);
        tour.start();
      }}
    >
      {children}
    </Button>
  );
});
