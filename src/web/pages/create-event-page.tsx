import { RequireRole } from '../app/session-gate';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import type { User } from '../features/auth/api/get-user';
import { CreateEventForm } from '../features/events/components/create-event-form';
import { useFoodTrucks } from '../features/trucks/api/get-food-trucks';

function CreateEvent({ user }: { user: User }) {
  const trucks = useFoodTrucks();
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-3xl font-bold">Create a New Event</h1>
      <p className="mt-1 text-stone-600">Pick a food truck and tell it when and where.</p>
      <div className="mt-6 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
        {trucks.isPending ? (
          <Spinner label="Loading food trucks…" />
        ) : trucks.isError ? (
          <Alert tone="error" title="Error loading food trucks. Please try again.">
            <Button variant="outline" size="sm" className="mt-2" onClick={() => window.location.reload()}>
              Refresh Page
            </Button>
          </Alert>
        ) : (
          <CreateEventForm trucks={trucks.data} organizerId={user.id} />
        )}
      </div>
    </div>
  );
}

/** /events/create: organizers only; others go home. */
export function CreateEventPage() {
  return (
    <RequireRole roles={['organizer']} otherwise="home">
      {(user) => <CreateEvent user={user} />}
    </RequireRole>
  );
}
