import { lazy } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { lazyPage } from '../lib/lazy-page';
import { useUser } from '../features/auth/api/get-user';

// Its own chunk, so pages opened directly (an event page from a shared link) don't download it; the
// server announces it in the HTML of `/` (modulepreload), so `/` doesn't wait for it (decision 094).
// The server renders it into the HTML of `/` for visitors (decision 108): loadable ahead of its render.
export const LandingPage = lazyPage(() => import('./landing-page').then((m) => m.LandingPage));
const OrganizerDashboard = lazy(() =>
  import('./organizer-dashboard-page').then((m) => ({ default: m.OrganizerDashboardPage })),
);

/** `/`: the landing page for visitors, each role's home for the signed in. */
export function HomePage() {
  const { data: user, isPending } = useUser();
  if (isPending) return <Spinner />;
  if (!user) return <LandingPage />;
  if (user.role === 'organizer') return <OrganizerDashboard user={user} />;
  if (user.role === 'admin') return <Navigate to="/events/public" replace />;
  return <Navigate to="/profile" replace />;
}
