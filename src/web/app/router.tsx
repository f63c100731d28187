import { lazy } from 'react';
import { matchPath, useRoutes, type RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';
import { HomePage, LandingPage } from '../pages/home-page';
import { BareLayout, RootLayout } from './root-layout';

/*
 * Only `/` is in the first script; every other page is its own chunk, fetched when its route is
 * visited (decision 091). The sign-in forms bring react-hook-form and zod, which `/` and the public
 * event page must not wait for.
 */
const AuthPage = lazy(() => import('../pages/auth-page').then((m) => ({ default: m.AuthPage })));
const HowItWorksPage = lazy(() =>
  import('../pages/how-it-works-page').then((m) => ({ default: m.HowItWorksPage })),
);
const NotFoundPage = lazy(() => import('../pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const TestPage = lazy(() => import('../pages/debug-pages').then((m) => ({ default: m.TestPage })));
const MinimalPage = lazy(() => import('../pages/debug-pages').then((m) => ({ default: m.MinimalPage })));

const AdminChatPage = lazy(() =>
  import('../pages/admin-chat-page').then((m) => ({ default: m.AdminChatPage })),
);

const ProfilePage = lazy(() => import('../pages/profile-page').then((m) => ({ default: m.ProfilePage })));
const CreateEventPage = lazy(() =>
  import('../pages/create-event-page').then((m) => ({ default: m.CreateEventPage })),
);
const MyEventsPage = lazy(() => import('../pages/my-events-page').then((m) => ({ default: m.MyEventsPage })));
const ApproveEventPage = lazy(() =>
  import('../pages/approve-event-page').then((m) => ({ default: m.ApproveEventPage })),
);
const PublicEventsPage = lazy(() =>
  import('../pages/public-events-page').then((m) => ({ default: m.PublicEventsPage })),
);
// Loadable ahead of its first render: the server renders it into the page's HTML (decision 108).
const PublicEventPage = lazyPage(() => import('../pages/public-event-page').then((m) => m.PublicEventPage));
const TruckDirectoryPage = lazy(() =>
  import('../pages/trucks-pages').then((m) => ({ default: m.TruckDirectoryPage })),
);
const TruckPage = lazy(() => import('../pages/trucks-pages').then((m) => ({ default: m.TruckPage })));
const ReviewPage = lazy(() => import('../pages/trucks-pages').then((m) => ({ default: m.ReviewPage })));
const OrderConfirmationPage = lazy(() =>
  import('../pages/order-confirmation-page').then((m) => ({ default: m.OrderConfirmationPage })),
);
const PayoutsPage = lazy(() => import('../pages/payouts-page').then((m) => ({ default: m.PayoutsPage })));
const SimulatorOnboardingPage = lazy(() =>
  import('../pages/simulator-onboarding-page').then((m) => ({ default: m.SimulatorOnboardingPage })),
);
const BookingsPage = lazy(() => import('../pages/bookings-page').then((m) => ({ default: m.BookingsPage })));
const EventDayPage = lazy(() => import('../pages/event-day-page').then((m) => ({ default: m.EventDayPage })));
const EditEventPage = lazy(() =>
  import('../pages/edit-event-page').then((m) => ({ default: m.EditEventPage })),
);
const OrganizerEventPage = lazy(() =>
  import('../pages/organizer-event-page').then((m) => ({ default: m.OrganizerEventPage })),
);
const AdminEventsPage = lazy(() =>
  import('../pages/admin-events-page').then((m) => ({ default: m.AdminEventsPage })),
);
const ConfirmReminderPage = lazy(() =>
  import('../pages/confirm-reminder-page').then((m) => ({ default: m.ConfirmReminderPage })),
);
const UnsubscribePage = lazy(() =>
  import('../pages/unsubscribe-page').then((m) => ({ default: m.UnsubscribePage })),
);
const AccountPage = lazy(() => import('../pages/account-page').then((m) => ({ default: m.AccountPage })));
const ForgotPasswordPage = lazy(() =>
  import('../pages/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const VerifyEmailPage = lazy(() =>
  import('../pages/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
);
const EmbedPage = lazy(() => import('../pages/embed-page').then((m) => ({ default: m.EmbedPage })));
const EmbedStandalonePage = lazy(() =>
  import('../pages/embed-page').then((m) => ({ default: m.EmbedStandalonePage })),
);

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
    ],
  },
];

/**
 * Loads the code of the page at `pathname` when the server renders that page (decision 108), so that
 * a render can show it at once; nothing for other pages.
 */
export async function preloadServerRenderedPage(pathname: string, { withParts = false } = {}): Promise<void> {
  if (pathname === '/') await LandingPage.preload();
  else if (matchPath('/events/public/:id', pathname)) {
    await PublicEventPage.preload();
    // The server also loads the parts shown only when the data calls for them; the browser hydrates
    // those when their code arrives.
    if (withParts) await import('../pages/public-event-page').then((m) => m.preloadServerRenderedParts());
  }
}

/**
 * The routes rendered by a plain `<BrowserRouter>` (in main.tsx): no route has a loader or action, so
 * the data router's code would be downloaded for nothing (about 10 KB gzip, decision 091).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
