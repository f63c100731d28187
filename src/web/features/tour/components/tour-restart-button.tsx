import { forwardRef } from 'react';
import { Button, type ButtonProps } from '@web/components/ui/button';
import { TourBadges } from '../tour-badges';
import { useTour } from '../use-tour';
import { useT } from '@web/lib/i18n';

/**
 * The tour's points and badges with a control to take it again (restarted from the
 * profile settings).
 */
export function TourRestartButton({ label }: { label?: string }) {
  const t = useT('app');
  const tour = useTour();
  const progress = tour.progress;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {progress && progress.points > 0 && (
        <p className="text-sm text-stone-700">
          {t('tour.progress', { points: progress.points, total: tour.totalPoints })}{' '}
          <TourBadges badges={progress.badges} />
        </p>
      )}
      <Button variant="outline" size="sm" onClick={tour.start} disabled={tour.step !== null}>
        {label ?? t('tour.restart')}
      </Button>
    </div>
  );
}

/** A bare "take the tour" button, for places that compose it (e.g. inside a Radix Close). */
export const TourStartButton = forwardRef<HTMLButtonElement, ButtonProps>(function TourStartButton(
  { onClick, children, ...props },
  ref,
) {
  // In the support chat's welcome, on every page: its words are in the layout's catalog.
  const t = useT();
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
      {children ?? t('tour.takeTour')}
    </Button>
  );
});
