import { computeFundingProgress } from './funding';
import { formatCents } from './money';

/** "62% funded, $190 to go": the 48-hour reminder's line. Percent rounds down, so 99.6% is never "100%". */
export function describeFundingGap(currentCents: number, goalCents: number): string {
  const progress = computeFundingProgress(currentCents, goalCents);
  if (progress.isGoalReached) return 'Goal reached';
  const dollars = formatCents(progress.remainingCents).replace(/\.00$/, '');
  return `${progress.percentFunded}% funded, ${dollars} to go`;
}

/** What the live stream sends each time an event's progress changes; money as 2-decimal strings. */
export interface ProgressMessage {
  currentSales: string;
  minimumSales: string;
  backerCount: number;
  status: string;
}

/** At most one progress message a second per event. */
export const PROGRESS_MIN_INTERVAL_MS = 1000;
/** A comment line this often keeps proxies from closing an idle stream. */
export const PROGRESS_HEARTBEAT_MS = 15_000;

/** The 24-hour reminder to diners and the 48-hour one to visitors who asked. */
export const DINER_REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
export const VISITOR_REMINDER_LEAD_MS = 48 * 60 * 60 * 1000;
