import { useSearchParams } from 'react-router';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { Alert } from '../components/ui/alert';
import { Spinner } from '../components/ui/spinner';
import { useUser } from '../features/auth/api/get-user';
import { MenuReadOnly } from '../features/menu/components/menu-read-only';
import { useTruckPage } from '../features/trucks/api/get-truck-directory';
import { ReviewForm } from '../features/reviews/components/review-form';
import { TruckReviews } from '../features/reviews/components/truck-reviews';
import { TruckDirectory } from '../features/trucks/components/truck-directory';
import { TruckNotPublic } from '../features/trucks/components/truck-not-public';
import { TruckProfile } from '../features/trucks/components/truck-profile-page';
import { hasErrorCode } from '../lib/api-client';
import { useIdParam } from '../lib/use-id-param';
import { NotFoundPage } from './not-found-page';
import { useT } from '../lib/i18n';

/** /trucks: the public truck directory. */
export function TruckDirectoryPage() {
  const t = useT('app');
  return (
    <PageContainer size="wide">
      <title>{t('trucks.directory.tabTitle')}</title>
      <PageHeader
        title={t('trucks.directory.title')}
        description={t('trucks.directory.description')}
        className="mb-6"
      />
      <TruckDirectory />
    </PageContainer>
  );
}

/** /trucks/{id}: a truck's public page. */
export function TruckPage() {
  const t = useT('app');
  const id = useIdParam();
  const truck = useTruckPage(id ?? 0);
  const user = useUser();
  // The truck itself is told why its page is not public yet; to anyone else it is not there.
  if (id !== null && hasErrorCode(truck.error, 'truck_not_found') && user.data?.id === id)
    return <TruckNotPublic user={user.data} />;
  if (id === null || hasErrorCode(truck.error, 'truck_not_found')) return <NotFoundPage />;
  return (
    <PageContainer className="wrap-anywhere">
      <title>
        {t('trucks.pageTabTitle', {
          name: truck.data ? (truck.data.businessName ?? truck.data.username) : t('trucks.foodTruck'),
        })}
      </title>
      {truck.isPending ? (
        <Spinner label={t('trucks.loading')} />
      ) : truck.isError ? (
        <Alert tone="error" title={t('trucks.failed')} />
      ) : (
        <TruckProfile
          truck={truck.data}
          menu={<MenuReadOnly truckId={truck.data.id} />}
          reviews={
            <TruckReviews
              truckId={truck.data.id}
              viewer={
                user.data?.id === truck.data.id ? 'owner' : user.data?.role === 'admin' ? 'admin' : 'other'
              }
            />
          }
          canRequest={user.data?.role === 'organizer'}
        />
      )}
    </PageContainer>
  );
}

/**
 * /review: rate a truck. A diner comes by the thank-you mail's link (`?order=&token=`); an organizer
 * from its event page (`?event=`).
 */
export function ReviewPage() {
  const t = useT('app');
  const [params] = useSearchParams();
  const order = Number(params.get('order'));
  const event = Number(params.get('event'));
  const token = params.get('token');
  const who = order > 0 && token ? { order, token } : event > 0 ? { event } : null;
  return (
    <PageContainer size="narrow">
      <title>{t('reviews.tabTitle')}</title>
      <PageHeader title={t('reviews.pageTitle')} className="mb-6" />
      <div className="rounded-card border border-line bg-white p-5 shadow-card sm:p-6">
        {who ? (
          <ReviewForm who={who} />
        ) : (
          <Alert tone="error" title={t('reviews.linkIncomplete')}>
            {t('reviews.openAgain')}
          </Alert>
        )}
      </div>
    </PageContainer>
  );
}
