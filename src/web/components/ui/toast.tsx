import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useT } from '../../lib/i18n';
import { dismissToast, useToast } from './use-toast';

export { toast } from './use-toast';

/** Radix Toast as the product describes it: swipe right past 50px or Escape dismisses, F8 focuses the area. */
export function Toaster() {
  const words = useT();
  const { toasts } = useToast();
  return (
    <ToastPrimitive.Provider
      swipeDirection="right"
      swipeThreshold={50}
      duration={5000}
      label={words('ui.notification')}
    >
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-8 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0',
            t.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-line bg-white text-ink',
          )}
        >
          <div className="grid gap-1">
            {t.title && (
              <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            )}
            {t.description && (
              <ToastPrimitive.Description className="text-sm">{t.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label={words('ui.close')}
            className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* At the bottom on every width, above the support chat's button and a phone's cart bar: never over a
          page's heading (issue 42; on phones they were at the top, over the heading for 5 s). */}
      <ToastPrimitive.Viewport
        label={words('ui.notifications')}
        className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 pb-24 outline-none sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
