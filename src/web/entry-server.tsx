/**
 * The server's way into the client (decision 108): built by Vite into `dist/ssr/entry-server.js`, it
 * renders a page to HTML from the API answers the server hands it. The browser hydrates that HTML from
 * the same answers, which travel in the page.
 */
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { PageRenderInput } from '@contract/server-render';
import { setDefaultDateLocale } from '../core/date-formatters';
import { intlLocale, LANGUAGES, type Language } from '../core/language';
import enApp from '../locales/en/app.json';
import enCommon from '../locales/en/common.json';
import esApp from '../locales/es/app.json';
import esCommon from '../locales/es/common.json';
import { AppRoot } from './app/app-root';
import { preloadServerRenderedPage } from './app/router';
import { createI18nRuntime } from './lib/i18n-runtime';
import { installI18nRuntime } from './lib/i18n';
import { setServerOrigin } from './lib/page-origin';
import { setHydrationTime } from './lib/render-time';

/** Every language's words at hand: a page is rendered in its visitor's language, synchronously. */
const catalogs = { en: { common: enCommon, app: enApp }, es: { common: esCommon, app: esApp } };
const runtimes = new Map(LANGUAGES.map((language) => [language, createI18nRuntime(language, catalogs)]));

export async function renderPage({
  url,
  origin,
  queries,
  renderedAt,
  language,
}: PageRenderInput): Promise<string> {
  await preloadServerRenderedPage(new URL(url, origin).pathname, 'all');
  // Nothing is fetched here: what a query has no answer for renders as loading, as in the browser.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const { key, data } of queries) queryClient.setQueryData(key, data);
  setServerOrigin(origin);
  setHydrationTime(renderedAt);
  speak(language);
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

/** Set right before the synchronous render below: no other page's render can run in between. */
function speak(language: Language) {
  installI18nRuntime(runtimes.get(language) ?? runtimes.get('en')!);
  setDefaultDateLocale(intlLocale(language));
}
