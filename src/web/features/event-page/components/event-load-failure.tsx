import { Alert } from '@web/components/ui/alert';
import { Button, ButtonLink } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';

/**
 * The event could not be shown. No such event (or one this visitor may not see): a way on to the
 * events that are on. Anything else (the network, the server): a retry.
 */
export function EventLoadFailure({ error, onRetry }: { error?: unknown; onRetry?: () => void }) {
  const missing = !error || (error instanceof ApiError && error.status === 404);
  return (
    <div className="mx-auto max-w-lg space-y-4 px-4 py-16">
      <title>{missing ? 'Event not found · Food Truck Fund' : 'Event · Food Truck Fund'}</title>
      <h1 className="text-2xl font-semibold">
        {missing ? 'Event not found' : 'This event could not be loaded'}
      </h1>
      <Alert tone="error" title="Event not found or an error occurred.">
        {missing ? (
          <p>The link may be mistyped, or the event was called off or taken down.</p>
        ) : (
          onRetry && (
            <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
              Retry
            </Button>
          )
        )}
      </Alert>
      {missing && <ButtonLink to="/events/public">See upcoming events</ButtonLink>}
    </div>
  );
}
