import { matchPath, useRoutes, type RouteObject } from 'react-router';
import type { BootData } from '@contract/server-render';
import { lazyNamed, lazyPage } from '../lib/lazy-page';
import { HomePage, LandingPage } from '../pages/home-page';
import { BareLayout, RootLayout } from './root-layout';

/*
 * Only `/` is in the first script; every other page is its own chunk, fetched when its route is
 * visited (decision 091). The sign-in forms bring react-hook-form and zod, which `/` and the public
 * event page must not wait for.
 */
const AuthPage = lazyNamed(() => import('../pages/auth-page'), 'AuthPage');
const HowItWorksPage = lazyNamed(() => import('../pages/how-it-works-page'), 'HowItWorksPage');
const NotFoundPage = lazyNamed(() => import('../pages/not-found-page'), 'NotFoundPage');
const TestPage = lazyNamed(() => import('../pages/debug-pages'), 'TestPage');
const MinimalPage = lazyNamed(() => import('../pages/debug-pages'), 'MinimalPage');

const AdminChatPage = lazyNamed(() => import('../pages/admin-chat-page'), 'AdminChatPage');

const ProfilePage = lazyNamed(() => import('../pages/profile-page'), 'ProfilePage');
const CreateEventPage = lazyNamed(() => import('../pages/create-event-page'), 'CreateEventPage');
const MyEventsPage = lazyNamed(() => import('../pages/my-events-page'), 'MyEventsPage');
const ApproveEventPage = lazyNamed(() => import('../pages/approve-event-page'), 'ApproveEventPage');
const PublicEventsPage = lazyNamed(() => import('../pages/public-events-page'), 'PublicEventsPage');
// Loadable ahead of its first render: the server renders it into the page's HTML (decision 108).
const PublicEventPage = lazyPage(() => import('../pages/public-event-page').then((m) => m.PublicEventPage));
const TruckDirectoryPage = lazyNamed(() => import('../pages/trucks-pages'), 'TruckDirectoryPage');
const TruckPage = lazyNamed(() => import('../pages/trucks-pages'), 'TruckPage');
const ReviewPage = lazyNamed(() => import('../pages/trucks-pages'), 'ReviewPage');
const OrderConfirmationPage = lazyNamed(
  () => import('../pages/order-confirmation-page'),
  'OrderConfirmationPage',
);
const PayoutsPage = lazyNamed(() => import('../pages/payouts-page'), 'PayoutsPage');
const SimulatorOnboardingPage = lazyNamed(
  () => import('../pages/simulator-onboarding-page'),
  'SimulatorOnboardingPage',
);
const BookingsPage = lazyNamed(() => import('../pages/bookings-page'), 'BookingsPage');
const EventDayPage = lazyNamed(() => import('../pages/event-day-page'), 'EventDayPage');
const EditEventPage = lazyNamed(() => import('../pages/edit-event-page'), 'EditEventPage');
const OrganizerEventPage = lazyNamed(() => import('../pages/organizer-event-page'), 'OrganizerEventPage');
const AdminEventsPage = lazyNamed(() => import('../pages/admin-events-page'), 'AdminEventsPage');
const ConfirmReminderPage = lazyNamed(() => import('../pages/confirm-reminder-page'), 'ConfirmReminderPage');
const UnsubscribePage = lazyNamed(() => import('../pages/unsubscribe-page'), 'UnsubscribePage');
const AccountPage = lazyNamed(() => import('../pages/account-page'), 'AccountPage');
const ForgotPasswordPage = lazyNamed(() => import('../pages/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(() => import('../pages/reset-password-page'), 'ResetPasswordPage');
const VerifyEmailPage = lazyNamed(() => import('../pages/verify-email-page'), 'VerifyEmailPage');
const EmbedPage = lazyNamed(() => import('../pages/embed-page'), 'EmbedPage');
const PickupBoardPage = lazyNamed(() => import('../pages/pickup-board-page'), 'PickupBoardPage');
const EmbedStandalonePage = lazyNamed(() => import('../pages/embed-page'), 'EmbedStandalonePage');

/**
 * Every client route. Public ones (src/core/routes.ts) render without a session; the others wrap
 * themselves in RequireSession / RequireRole.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/how-it-works', element: <HowItWorksPage /> },
      { path: '/test', element: <TestPage /> },
      { path: '/admin/chat', element: <AdminChatPage /> },
      { path: '/profile', element: <ProfilePage /> },
      { path: '/events/create', element: <CreateEventPage /> },
      { path: '/my-events', element: <MyEventsPage /> },
      { path: '/my-events/:id', element: <OrganizerEventPage /> },
      { path: '/my-events/:id/edit', element: <EditEventPage /> },
      { path: '/bookings', element: <BookingsPage /> },
      { path: '/bookings/:id/day', element: <EventDayPage /> },
      { path: '/admin/events', element: <AdminEventsPage /> },
      { path: '/trucks', element: <TruckDirectoryPage /> },
      { path: '/trucks/:id', element: <TruckPage /> },
      { path: '/review', element: <ReviewPage /> },
      { path: '/events/public', element: <PublicEventsPage /> },
      { path: '/events/public/:id', element: <PublicEventPage /> },
      { path: '/events/public/:id/orders/:orderId', element: <OrderConfirmationPage /> },
      { path: '/events/:id/approve', element: <ApproveEventPage /> },
      { path: '/payouts', element: <PayoutsPage /> },
      { path: '/payouts/onboarding/simulator', element: <SimulatorOnboardingPage /> },
      { path: '/unsubscribe', element: <UnsubscribePage /> },
      { path: '/reminders/confirm', element: <ConfirmReminderPage /> },
      { path: '/account', element: <AccountPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    element: <BareLayout />,
    children: [
      { path: '/minimal', element: <MinimalPage /> },
      { path: '/embed', element: <EmbedPage /> },
      { path: '/embed-standalone', element: <EmbedStandalonePage /> },
      { path: '/events/public/:id/board', element: <PickupBoardPage /> },
    ],
  },
];

/**
 * Loads the code of the page at `pathname` when the server renders that page (decision 108), so that
 * a render can show it at once; nothing for other pages.
 */
export async function preloadServerRenderedPage(
  pathname: string,
  /** The server: every part. The browser: the parts the server drew from these answers. */
  parts: 'all' | BootData,
): Promise<void> {
  if (pathname === '/') await LandingPage.preload();
  else {
    const match = matchPath('/events/public/:id', pathname);
    if (!match) return;
    await PublicEventPage.preload();
    // The parts shown only when the data calls for them: the server draws them, and the browser must
    // have their code before it takes the page over (decision 208).
    const drawn = parts === 'all' ? undefined : parts;
    await import('../pages/public-event-page').then((m) =>
      m.preloadServerRenderedParts(drawn, Number(match.params.id)),
    );
  }
}

/**
 * The routes rendered by a plain `<BrowserRouter>` (in main.tsx): no route has a loader or action, so
 * the data router's code would be downloaded for nothing (about 10 KB gzip, decision 091).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
