import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { DialogClose } from '../components/ui/dialog';
import { Spinner } from '../components/ui/spinner';
import { Toaster } from '../components/ui/toast';
import { useUser } from '../features/auth/api/get-user';
import { ChatWidget } from '../features/chat/components/chat-widget';
import { TourProvider } from '../features/tour/components/tour-provider';
import { TourStartButton } from '../features/tour/components/tour-restart-button';
import { Navbar } from './navbar';

/** Every screen but the embeds: navbar, the page, toasts, the support chat and the tour. */
export function RootLayout() {
  const { data: user, isPending: userPending } = useUser();
  return (
    <TourProvider user={user} userPending={userPending}>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        <Navbar />
        <main id="main" className="flex-1">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
        <footer className="border-t border-stone-200 py-6 text-center text-xs text-stone-500">
          Food Truck Fund · Cards are only charged when an event reaches its goal.
        </footer>
        <ChatWidget
          user={user}
          welcomeExtra={
            <DialogClose asChild>
              <TourStartButton className="mt-3" />
            </DialogClose>
          }
        />
        <Toaster />
      </div>
    </TourProvider>
  );
}

/** The embeddable pages: no navbar, meant to live in another site's frame. */
export function BareLayout() {
  return (
    <Suspense fallback={<Spinner />}>
      <Outlet />
      <Toaster />
    </Suspense>
  );
}
