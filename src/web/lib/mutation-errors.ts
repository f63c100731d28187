import { errorMessage } from './api-client';
import { reportError } from './report-error';
import { toast } from '../components/ui/use-toast';

/**
 * How a mutation's failure is told to the person: set once as the mutation's `meta.errorToast` (in
 * the feature's api hook) and shown by the query client's MutationCache, whichever component ran it.
 */
export interface ErrorToast {
  /** The toast's title (default "Error"). */
  title?: string;
  /** Shown when the server gave no message of its own. */
  fallback: string;
  /** Words of its own for some failures (e.g. a conflict); default: the server's message or the fallback. */
  describe?: (error: unknown) => string;
}

/** The MutationCache's onError: one toast per failed mutation that asked for one. */
export function toastMutationError(error: unknown, errorToast: ErrorToast | undefined): void {
  if (!errorToast) return;
  reportError(`${errorToast.fallback}:`, error);
  toast({
    title: errorToast.title ?? 'Error',
    description: errorToast.describe ? errorToast.describe(error) : errorMessage(error, errorToast.fallback),
    variant: 'destructive',
  });
}
