import { Link, useSearchParams } from 'react-router';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { rolePage } from '../app/session-gate';
import { Alert } from '../components/ui/alert';
import { Spinner } from '../components/ui/spinner';
import type { User } from '../features/auth/api/get-user';
import { CreateEventForm } from '../features/events/components/create-event-form';
import { useTruckPage } from '../features/trucks/api/get-truck-directory';

function CreateEvent({ user }: { user: User }) {
  // From the truck directory ("Request this truck"): /events/create?truck=12&date=2026-12-05
  const [params] = useSearchParams();
  const truckId = Number(params.get('truck'));
  const wanted = Number.isSafeInteger(truckId) && truckId > 0;
  // Only a truck the directory still lists answers here: the picker offers nothing else.
  const truck = useTruckPage(wanted ? truckId : 0);
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
        {wanted && truck.isPending ? (
          <Spinner label="Loading the food truck…" />
        ) : (
          <>
            {wanted && truck.isError && (
              <Alert tone="warning" title="That food truck can’t be booked right now." className="mb-5">
                Search for it or another one below.
              </Alert>
            )}
            <CreateEventForm
              organizerId={user.id}
              initialTruck={truck.data}
              initialDate={params.get('date') ?? undefined}
            />
          </>
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
