import { Link, useSearchParams } from 'react-router';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { RolePage } from '../app/session-gate';
import { Alert } from '../components/ui/alert';
import { Spinner } from '../components/ui/spinner';
import type { User } from '../features/auth/api/get-user';
import { CreateEventForm } from '../features/events/components/create-event-form';
import { useTruckPage } from '../features/trucks/api/get-truck-directory';
import { useT } from '../lib/i18n';

function CreateEvent({ user }: { user: User }) {
  // From the truck directory ("Request this truck"): /events/create?truck=12&date=2026-12-05
  const t = useT('app');
  const [params] = useSearchParams();
  const truckId = Number(params.get('truck'));
  const wanted = Number.isSafeInteger(truckId) && truckId > 0;
  // Only a truck the directory still lists answers here: the picker offers nothing else.
  const truck = useTruckPage(wanted ? truckId : 0);
  return (
    <PageContainer size="narrow">
      <PageHeader
        title={t('createEvent.heading')}
        description={
          <>
            {t('createEvent.intro')}{' '}
            <Link to="/trucks" className="font-semibold text-brand-700 underline underline-offset-4">
              {t('createEvent.findOne')}
            </Link>
            {t('createEvent.introEnd')}
          </>
        }
      />
      <div className="mt-6 rounded-card border border-line bg-white p-5 shadow-card sm:p-6">
        {wanted && truck.isPending ? (
          <Spinner label={t('createEvent.loadingTruck')} />
        ) : (
          <>
            {wanted && truck.isError && (
              <Alert tone="warning" title={t('createEvent.truckUnavailable')} className="mb-5">
                {t('createEvent.truckUnavailableText')}
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
export function CreateEventPage() {
  const t = useT('app');
  return (
    <RolePage title={t('createEvent.tabTitle')} roles={['organizer']} otherwise="home">
      {(user) => <CreateEvent user={user} />}
    </RolePage>
  );
}
