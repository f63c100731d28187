/**
 * The server's way into the client (decision 108): built by Vite into `dist/ssr/entry-server.js`, it
 * renders a page to HTML from the API answers the server hands it. The browser hydrates that HTML from
 * the same answers, which travel in the page.
 */
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { PageRenderInput } from '@contract/server-render';
import { AppRoot } from './app/app-root';
import { preloadServerRenderedPage } from './app/router';
import { setServerOrigin } from './lib/page-origin';
import { setHydrationTime } from './lib/render-time';

export async function renderPage({ url, origin, queries, renderedAt }: PageRenderInput): Promise<string> {
  await preloadServerRenderedPage(new URL(url, origin).pathname, 'all');
  // Nothing is fetched here: what a query has no answer for renders as loading, as in the browser.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const { key, data } of queries) queryClient.setQueryData(key, data);
  setServerOrigin(origin);
  setHydrationTime(renderedAt);
  try {
    // To a string, with every part it shows already loaded (nothing may suspend: React would leave the
    // part to the browser and report it as a boundary the server could not finish).
    return renderToString(
      <AppRoot
        queryClient={queryClient}
        serverMade
        router={({ children }) => <StaticRouter location={url}>{children}</StaticRouter>}
      />,
    );
  } finally {
    queryClient.clear();
  }
}
