import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AuthPage } from '../pages/auth-page';
import { MinimalPage, TestPage } from '../pages/debug-pages';
import { HomePage } from '../pages/home-page';
import { HowItWorksPage } from '../pages/how-it-works-page';
import { NotFoundPage } from '../pages/not-found-page';
import { BareLayout, RootLayout } from './root-layout';

const AdminChatPage = lazy(() =>
  import('../pages/admin-chat-page').then((m) => ({ default: m.AdminChatPage })),
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
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    element: <BareLayout />,
    children: [{ path: '/minimal', element: <MinimalPage /> }],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
