import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { useToast } from '../components/ui/use-toast';
import { useUser } from '../features/auth/api/get-user';
import { TourProvider } from '../features/tour/components/tour-provider';
import { OPEN_SUPPORT_CHAT_EVENT } from '../lib/support-chat';
import { useT } from '../lib/i18n';
import { useAfterLoad } from '../lib/use-after-load';
import { PageReady } from './page-ready';
import { Navbar } from './navbar';

// Neither is needed to see a page or start using it: their code (Radix Dialog and Toast, the chat
// socket) arrives when asked for: the chat at its button's first press, the toasts at the first toast
// (decisions 091 and 232).
const SupportChat = lazy(() => import('./support-chat').then((m) => ({ default: m.SupportChat })));
// After the page only the chat's button: the chat itself loads at the first press (decision 232).
const SupportChatLauncher = lazy(() =>
  import('./support-chat-launcher').then((m) => ({ default: m.SupportChatLauncher })),
);
const Toaster = lazy(() => import('../components/ui/toast').then((m) => ({ default: m.Toaster })));
// Needed from the first link followed on, not to show the page (decision 148).
const ScrollRestoration = lazy(() =>
  import('./scroll-restoration').then((m) => ({ default: m.ScrollRestoration })),
);

/** While a page's code arrives: a status with text, holding the page's place so the footer does not jump. */
export function PageFallback() {
  const t = useT();
  return <Spinner label={t('layout.loadingPage')} className="min-h-[60vh]" />;
}

/** The route's page, and the mark that it is on screen and live (decision 108). */
function ReadyPage() {
  return (
    <PageReady>
      <Outlet />
    </PageReady>
  );
}

/** The toast area, loaded after the page or as soon as something shows a toast. */
function DeferredToaster() {
  const { toasts } = useToast();
  // Not on every visit (decision 232): its code (Radix Toast) comes with the first toast, and stays.
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** Every screen but the embeds: navbar, the page, toasts, the support chat and the tour. */
export function RootLayout() {
  const t = useT();
  const { data: user, isPending: userPending } = useUser();
  const afterLoad = useAfterLoad();
  // Someone asked for the chat before it had loaded (the event page's "Chat with support"): load it now.
  const [chatAsked, setChatAsked] = useState(false);
  const [live, setLive] = useState(false);
  useEffect(() => {
    setLive(true);
    const ask = () => setChatAsked(true);
    window.addEventListener(OPEN_SUPPORT_CHAT_EVENT, ask);
    return () => window.removeEventListener(OPEN_SUPPORT_CHAT_EVENT, ask);
  }, []);
  // The same element on every render of the layout: its own updates (the chat asked for, `live`) never
  // reach the page, which may still be waiting to be hydrated; new props there would make React hydrate
  // all of it at once, in one long task (decision 236).
  const page = useMemo(
    () => (
      <Suspense fallback={<PageFallback />}>
        <ReadyPage />
      </Suspense>
    ),
    [],
  );
  return (
    <TourProvider user={user} userPending={userPending}>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:p-3 focus:font-semibold focus:shadow-lg"
        >
          {t('layout.skipToContent')}
        </a>
        <Navbar />
        {/* At least a screen tall: the footer starts below the fold, so a page that grows once its
            data arrives does not push it down in view (a layout shift, decision 091). */}
        <main id="main" className="min-h-screen flex-1">
          {page}
        </main>
        <footer className="border-t border-line bg-white py-8 text-center text-sm text-muted">
          <p className="font-display font-semibold text-ink">Food Truck Fund</p>
          <p className="mt-1">{t('layout.footerPromise')}</p>
        </footer>
        {chatAsked ? (
          <Suspense fallback={<SupportChatLauncher />}>
            <SupportChat user={user} />
          </Suspense>
        ) : (
          afterLoad && (
            <Suspense fallback={null}>
              <SupportChatLauncher />
            </Suspense>
          )
        )}
        <DeferredToaster />
        {live && (
          <Suspense fallback={null}>
            <ScrollRestoration />
          </Suspense>
        )}
      </div>
    </TourProvider>
  );
}

/** The embeddable pages: no navbar, meant to live in another site's frame. */
export function BareLayout() {
  return (
    <>
      <Suspense fallback={<PageFallback />}>
        <ReadyPage />
      </Suspense>
      <DeferredToaster />
    </>
  );
}
