// First: starts the date-formatting warm-up worker before anything else here runs (decision 108).
import './warm-up';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { BOOT_DATA_ID, type BootData } from '@contract/server-render';
import { chooseLanguage, type Language } from '../core/language';
import { AppRoot } from './app/app-root';
import { preloadServerRenderedPage } from './app/router';
import { createQueryClient } from './lib/query-client';
import { savedLanguageChoice } from './lib/i18n';
import { setHydrationTime } from './lib/render-time';
import './styles.css';

const queryClient = createQueryClient();
const container = document.getElementById('root')!;

/** The answers a server-made page was rendered from (decision 108), or null for the client's shell. */
function readBootData(): BootData | null {
  const text = document.getElementById(BOOT_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as BootData;
  } catch {
    return null;
  }
}

/** The page's language (decision 228): the server's, else this browser's choice, else its languages. */
function pageLanguage(boot: BootData | null): Language {
  return boot?.language ?? chooseLanguage(savedLanguageChoice(), navigator.languages.join(','));
}

async function start() {
  const boot = readBootData();
  // i18next and the page's words, in chunks of their own, beside the page's code.
  const words = import('./lib/i18n-runtime').then((runtime) => runtime.startI18n(pageLanguage(boot)));
  if (boot) {
    // The browser's first render must be the server's: the same answers, the same clock, the page's
    // code loaded, then React takes over the HTML instead of rebuilding it.
    for (const { key, data } of boot.queries) queryClient.setQueryData(key, data);
    setHydrationTime(boot.renderedAt);
    try {
      // With the parts the server drew: a part still waiting for its code when the page re-renders (a
      // query's answer, the live stream opening) is dropped and drawn again later, moving everything
      // below it while a diner taps (decision 208).
      await preloadServerRenderedPage(window.location.pathname, boot);
    } catch {
      // The router shows its own loading and error states.
    }
  }
  await words.catch(() => undefined); // without its words the page still works (keys show)
  const app = <AppRoot queryClient={queryClient} serverMade={boot !== null} router={BrowserRouter} />;
  // A transition: React works in slices of a few milliseconds, yielding to the browser in between,
  // instead of holding the main thread for the whole page.
  startTransition(() => {
    if (boot) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

void start();
