import { Link, useSearchParams } from 'react-router';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { rolePage } from '../app/session-gate';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import type { User } from '../features/auth/api/get-user';
import { CreateEventForm } from '../features/events/components/create-event-form';
import { useFoodTrucks } from '../features/trucks/api/get-food-trucks';

function CreateEvent({ user }: { user: User }) {
  const trucks = useFoodTrucks();
  // From the truck directory: /events/create?truck=12&date=2026-12-05
  const [params] = useSearchParams();
  return (
    <PageContainer size="narrow">
      <PageHeader
        title="Create a New Event"
        description={
          <>
            Pick a food truck and tell it when and where, or{' '}
            <Link to="/trucks" className="font-semibold text-brand-700 underline underline-offset-4">
              find one by cuisine, area and date
            </Link>
            .
          </>
        }
      />
      <div className="mt-6 rounded-card border border-line bg-white p-5 shadow-card sm:p-6">
        {trucks.isPending ? (
          <Spinner label="Loading food trucks…" />
        ) : trucks.isError ? (
          <Alert tone="error" title="Error loading food trucks. Please try again.">
            <Button variant="outline" size="sm" className="mt-2" onClick={() => window.location.reload()}>
              Refresh Page
            </Button>
          </Alert>
        ) : (
          <CreateEventForm
            trucks={trucks.data}
            organizerId={user.id}
            initialTruckId={Number(params.get('truck')) || undefined}
            initialDate={params.get('date') ?? undefined}
          />
        )}
      </div>
    </PageContainer>
  );
}

/** /events/create: organizers only; others go home. */
export const CreateEventPage = rolePage(
  { title: 'Create Event', roles: ['organizer'], otherwise: 'home' },
  (user) => <CreateEvent user={user} />,
);
