import { PageHeader } from '../components/ui/page-header';
import { ROLE_LABELS } from '../../core/schemas/auth';
import { ButtonLink } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import type { User } from '../features/auth/api/get-user';

/** The organizer's home. */
export function OrganizerDashboardPage({ user }: { user: User }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <title>Dashboard · Food Truck Fund</title>
      <PageHeader eyebrow="Dashboard" title={`Welcome, ${user.username}!`} />
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Quick Actions</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <ButtonLink to="/events/create">Create New Event</ButtonLink>
            <ButtonLink to="/my-events" variant="outline">
              View My Events
            </ButtonLink>
            {user.role === 'admin' && (
              <ButtonLink to="/admin/chat" variant="outline">
                Monitor Support Chat
              </ButtonLink>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Account Overview</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted">Account type</dt>
              <dd className="font-medium">
                {user.role === 'admin' ? ROLE_LABELS.admin : ROLE_LABELS.organizer}
              </dd>
              <dt className="text-muted">Username</dt>
              <dd className="font-medium">{user.username}</dd>
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
