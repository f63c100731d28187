import { PageContainer, PageHeader } from '../components/ui/page-header';
import { Alert } from '../components/ui/alert';
import { Spinner } from '../components/ui/spinner';
import { useUser } from '../features/auth/api/get-user';
import { MenuReadOnly } from '../features/menu/components/menu-read-only';
import { useTruckPage } from '../features/trucks/api/get-truck-directory';
import { TruckDirectory } from '../features/trucks/components/truck-directory';
import { TruckProfile } from '../features/trucks/components/truck-profile-page';
import { useIdParam } from '../lib/use-id-param';
import { NotFoundPage } from './not-found-page';

/** /trucks: the public truck directory. */
export function TruckDirectoryPage() {
  return (
    <PageContainer size="wide">
      <title>Find a Food Truck · Food Truck Fund</title>
      <PageHeader
        title="Find a Food Truck"
        description="Trucks that take bookings, with their minimum and when they are free. Pick one to request it for your event."
        className="mb-6"
      />
      <TruckDirectory />
    </PageContainer>
  );
}

/** /trucks/{id}: a truck's public page. */
export function TruckPage() {
  const id = useIdParam();
  const truck = useTruckPage(id ?? 0);
  const user = useUser();
  if (id === null || (truck.isError && truck.error.message === 'Food truck not found'))
    return <NotFoundPage />;
  return (
    <PageContainer>
      <title>{`${truck.data ? (truck.data.businessName ?? truck.data.username) : 'Food truck'} · Food Truck Fund`}</title>
      {truck.isPending ? (
        <Spinner label="Loading the truck…" />
      ) : truck.isError ? (
        <Alert tone="error" title="Error loading this truck. Please try again." />
      ) : (
        <TruckProfile
          truck={truck.data}
          menu={<MenuReadOnly truckId={truck.data.id} />}
          canRequest={user.data?.role === 'organizer'}
        />
      )}
    </PageContainer>
  );
}
