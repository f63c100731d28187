import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  canTourVisit,
  currentTourStep,
  INITIAL_TOUR_PROGRESS,
  isReachableTourProgress,
  shouldAutoStartTour,
  tourReducer,
  TOUR_STEPS,
  tourTotalPoints,
  type TourAction,
  type TourProgress,
  type TourStep,
} from '@core/tour';
import type { UserRole } from '@core/schemas/auth';
import { toast } from '@web/components/ui/use-toast';
import { saveTourProgress, tourProgressQuery, tourProgressQueryKey } from '../api/tour-progress';
import { readGuestTourProgress, writeGuestTourProgress } from '../guest-tour-storage';
import { TourContext, type TourApi } from '../use-tour';
import { reportError } from '@web/lib/report-error';
import { badgeName } from '../badge-names';
import { translate } from '@web/lib/i18n';

// The card's code arrives when a tour step is first shown, not with every page.
const TourCard = lazy(() => import('./tour-card').then((m) => ({ default: m.TourCard })));

interface OwnedProgress {
  /** Whose progress this is: `user:<id>` or `guest`. */
  owner: string;
  progress: TourProgress | null;
}

/**
 * Runs the onboarding tour over every screen of the layout. Progress is
 * a signed-in user's on the server and a guest's in this browser. The tour starts by itself once,
 * for a new organizer or truck owner (core/tour.ts); a guest's progress from before signing in is kept.
 * While active it takes the person to the current step's route, when they may go there.
 */
export function TourProvider({
  user,
  userPending,
  children,
}: {
  /** The signed-in person (null for a guest); the layout reads it, so features stay apart. */
  user: { id: number; role: UserRole } | null | undefined;
  userPending: boolean;
  children: ReactNode;
}) {
  const userId = user?.id ?? null;
  const role = user?.role ?? null;
  // A truck's tour is its own (decision 159), loaded for trucks only; organizers and guests share the first.
  const [truckSteps, setTruckSteps] = useState<readonly TourStep[] | null>(null);
  useEffect(() => {
    if (role !== 'foodtruck' || truckSteps) return;
    import('@core/truck-tour')
      .then((m) => startTransition(() => setTruckSteps(m.TRUCK_TOUR_STEPS)))
      .catch((error: unknown) => reportError('Could not load the tour', error));
  }, [role, truckSteps]);
  const loadedSteps = role === 'foodtruck' ? truckSteps : TOUR_STEPS;
  // Nobody's progress is read or changed until their steps are here.
  const owner = userPending || loadedSteps === null ? null : userId === null ? 'guest' : `user:${userId}`;
  const steps = loadedSteps ?? TOUR_STEPS;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();

  const saved = useQuery({ ...tourProgressQuery(userId ?? 0), enabled: userId !== null });

  const [state, setState] = useState<OwnedProgress | null>(null);
  const current = state && state.owner === owner ? state.progress : null;

  const persist = useCallback(
    (progress: TourProgress) => {
      if (userId === null) {
        writeGuestTourProgress(progress);
        return;
      }
      queryClient.setQueryData(tourProgressQueryKey(userId), progress);
      saveTourProgress(progress).catch((error: unknown) => {
        // The tour goes on in this tab; only another device would miss the step.
        reportError('Could not save tour progress', error);
      });
    },
    [queryClient, userId],
  );

  // Load (or start) the progress of whoever is here now.
  useEffect(() => {
    if (owner === null || state?.owner === owner) return;
    if (owner !== 'guest' && !saved.isSuccess) return;
    let cancelled = false;
    const load = async (): Promise<TourProgress | null> => {
      if (owner === 'guest') return readGuestTourProgress();
      let progress = saved.data ?? null;
      if (progress === null) {
        const fromGuestVisit = await readGuestTourProgress();
        // A guest's steps carry over only where they are the same tour's.
        if (fromGuestVisit && isReachableTourProgress(fromGuestVisit, steps)) progress = fromGuestVisit;
        else if (shouldAutoStartTour({ role, progress: null })) {
          progress = tourReducer(INITIAL_TOUR_PROGRESS, { type: 'start' }, steps);
        }
        if (progress) persist(progress);
      }
      return progress;
    };
    void load().then((progress) => {
      // A transition: the tour's context changing while the page is still being hydrated would
      // otherwise make React hydrate the whole page in one long task (decision 236).
      if (!cancelled) startTransition(() => setState({ owner, progress }));
    });
    return () => {
      cancelled = true;
    };
  }, [owner, role, steps, saved.isSuccess, saved.data, state?.owner, persist]);

  const dispatch = useCallback(
    (action: TourAction) => {
      if (owner === null) return;
      const before = current ?? INITIAL_TOUR_PROGRESS;
      const after = tourReducer(before, action, steps);
      if (after === before) return;
      setState({ owner, progress: after });
      persist(after);
      if (after.completed && !before.completed) {
        toast({
          // The card (useT('app')) has loaded the app catalog by the time the last step is passed.
          title: translate('tour.complete', undefined, 'app'),
          description: translate(
            'tour.completeText',
            {
              points: after.points,
              badges: after.badges.length,
              names: after.badges.map(badgeName).join(', '),
            },
            'app',
          ),
        });
      }
    },
    [current, owner, persist, steps],
  );

  const step = current ? currentTourStep(current, steps) : null;

  // Take the person to the step's route once per step (also after a reload), not on every
  // navigation: they stay free to look around while the tour waits.
  const navigatedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!step?.route) {
      navigatedFor.current = null;
      return;
    }
    if (navigatedFor.current === step.id) return;
    navigatedFor.current = step.id;
    if (location.pathname !== step.route && canTourVisit(step.route, role)) void navigate(step.route);
  }, [step, role, location.pathname, navigate]);

  // Once this person's progress is loaded, the page says whether the tour is on (`html[data-tour]`):
  // what a browser test waits on to know the tour did not start by itself.
  const shown = state !== null && state.owner === owner ? (step ? 'on' : 'off') : null;
  useEffect(() => {
    if (shown === null) delete document.documentElement.dataset.tour;
    else document.documentElement.dataset.tour = shown;
  }, [shown]);

  const api = useMemo<TourApi>(
    () => ({
      progress: current,
      step,
      totalPoints: tourTotalPoints(steps),
      start: () => dispatch({ type: 'start' }),
      next: () => dispatch({ type: 'next', step: current?.currentStep }),
      skip: () => dispatch({ type: 'skip' }),
    }),
    [current, dispatch, step, steps],
  );

  return (
    <TourContext.Provider value={api}>
      {children}
      {step && current && (
        <Suspense fallback={null}>
          <TourCard
            step={step}
            index={current.currentStep}
            total={steps.length}
            truck={steps !== TOUR_STEPS}
            progress={current}
            targetAvailable={!step.route || location.pathname === step.route}
            onNext={api.next}
            onSkip={api.skip}
          />
        </Suspense>
      )}
    </TourContext.Provider>
  );
}
