import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { InertUntilHydrated } from './page-ready';
import { AppRoutes } from './router';

/** The whole app under its router: the same tree in the browser and in the server entry. */
export function AppRoot({
  queryClient,
  serverMade,
  router: Router,
}: {
  queryClient: QueryClient;
  serverMade: boolean;
  router: (props: { children: ReactNode }) => ReactNode;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Router>
          <InertUntilHydrated serverMade={serverMade}>
            <AppRoutes />
          </InertUntilHydrated>
        </Router>
      </QueryClientProvider>
    </StrictMode>
  );
}
