import type { ReactNode } from 'react';
import type { UserRole } from '../../core/schemas/auth';
import { useT } from '../lib/i18n';
import { RequireSession } from '../app/session-gate';
import { ButtonLink } from '../components/ui/button';
import { TitledCard } from '../components/ui/page-header';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { OrganizerProfileForm } from '../features/desk/components/organizer-profile-form';
import { PendingApprovalsList } from '../features/approvals/components/pending-approvals-list';
import { PendingChangesList } from '../features/approvals/components/pending-changes-list';
import type { User } from '../features/auth/api/get-user';
import { AddMenuItemForm } from '../features/menu/components/add-menu-item-form';
import { MenuItemsList } from '../features/menu/components/menu-items-list';
import { PayoutsWaitingNotice } from '../features/payouts/components/payouts-waiting-notice';
import { TourRestartButton } from '../features/tour/components/tour-restart-button';
import { AvailabilityEditor } from '../features/trucks/components/availability-editor';
import { PROFILE_SECTIONS, ProfileJumpLinks } from '../features/trucks/components/profile-jump-links';
import { TruckProfileForm } from '../features/trucks/components/truck-profile-form';
import { SalesTaxForm } from '../features/trucks/components/sales-tax-form';

/**
 * Settings any signed-in user has on their profile. The onboarding tour mounts its "Restart tour"
 * button here (the tour can be restarted from profile settings).
 */
function ProfileSettings({ children }: { children?: ReactNode }) {
  const t = useT('app');
  return (
    <section
      aria-label={t('profile.settings')}
      className="rounded-card border border-line bg-white p-5 shadow-card sm:p-6"
    >
      <h2 className="text-lg font-semibold">{t('profile.settings')}</h2>
      <div className="mt-3 flex flex-wrap gap-3">
        <TourRestartButton />
        {children}
      </div>
    </section>
  );
}

function TruckProfile({ user }: { user: User }) {
  const t = useT('app');
  return (
    <PageContainer size="wide" className="space-y-6">
      <PageHeader
        eyebrow={t('profile.title')}
        title={user.businessName || user.username}
        description={t('profile.truckDescription')}
      />
      <ProfileJumpLinks truckId={user.id} />
      <PayoutsWaitingNotice />
      {/* Requests expire after 24 hours: they come before everything else, on a phone too. */}
      {/* data-tour: what the truck's tour points at (decision 159). */}
      <div data-tour="truck-requests" className="space-y-6">
        <PendingApprovalsList truckId={user.id} />
        <PendingChangesList />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <div data-tour="truck-profile" id={PROFILE_SECTIONS.profile} className="scroll-mt-20">
            <TruckProfileForm key={user.id} user={user} />
          </div>
          <SalesTaxForm key={`tax-${user.id}`} user={user} />
          <AvailabilityEditor />
          <ProfileSettings />
        </div>
        <div data-tour="truck-menu" id={PROFILE_SECTIONS.menu} className="scroll-mt-20 space-y-6">
          <AddMenuItemForm truckId={user.id} />
          <MenuItemsList truckId={user.id} />
        </div>
      </div>
    </PageContainer>
  );
}

/** Where an organizer or an admin goes next from their profile: the first link is the main one. */
const NEXT_STEPS: Record<UserRole, { to: string; label: string }[]> = {
  organizer: [
    { to: '/my-events', label: 'profile.viewMyEvents' },
    { to: '/events/create', label: 'profile.createEvent' },
  ],
  admin: [
    { to: '/admin/chat', label: 'profile.monitorChat' },
    { to: '/events/public', label: 'profile.viewPublicEvents' },
  ],
  // A food truck's profile is its workspace (TruckProfile), not this overview.
  foodtruck: [],
};

/**
 * Organizers and admins have no business profile; they see their account, where to go next, and their
 * contact address with the mail they want (decision 155).
 */
function AccountOverview({ user }: { user: User }) {
  const t = useT('app');
  return (
    <PageContainer size="narrow" className="space-y-6">
      <PageHeader title={t('profile.title')} />
      <TitledCard title={t('profile.overview')}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted">{t('profile.accountType')}</dt>
          <dd className="font-medium">{t(`profile.role.${user.role}`)}</dd>
          <dt className="text-muted">{t('profile.username')}</dt>
          <dd className="font-medium">{user.username}</dd>
        </dl>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          {NEXT_STEPS[user.role].map(({ to, label }, index) => (
            <ButtonLink key={to} to={to} variant={index === 0 ? 'primary' : 'outline'}>
              {t(label)}
            </ButtonLink>
          ))}
        </div>
      </TitledCard>
      <OrganizerProfileForm key={user.id} user={user} />
      <ProfileSettings />
    </PageContainer>
  );
}

/** /profile: the food truck's workspace; other roles get their account overview. */
export function ProfilePage() {
  const t = useT('app');
  return (
    <>
      <title>{t('profile.tabTitle')}</title>
      <RequireSession>
        {(user) =>
          user.role === 'foodtruck' ? <TruckProfile user={user} /> : <AccountOverview user={user} />
        }
      </RequireSession>
    </>
  );
}
