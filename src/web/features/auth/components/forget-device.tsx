import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@web/components/ui/use-toast';
import { useT } from '@web/lib/i18n';
import { useForgetDevice } from '../api/forget-device';

// The dialog's code (Radix) arrives when it is first opened, not with the event page.
const ConfirmDialog = lazy(() =>
  import('@web/components/ui/dialog').then((m) => ({ default: m.ConfirmDialog })),
);

/**
 * "Not you? Forget this device": for a shared browser. The orders and chat of whoever used it
 * before stop showing here; their receipt e-mail's link still opens each order.
 */
export function ForgetDevice({ returnTo }: { returnTo: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const forget = useForgetDevice();
  const navigate = useNavigate();

  function confirm() {
    forget.mutate(undefined, {
      onSuccess: (answer) => {
        setOpen(false);
        // Drop a receipt link's ?order=…&token=… too: it would show the order again.
        void navigate(returnTo, { replace: true });
        toast({ title: t('forgetDevice.forgotten'), description: answer.message });
      },
    });
  }

  return (
    <div className="mt-4 border-t border-stone-100 pt-3 text-sm text-muted">
      {t('forgetDevice.notYou')}{' '}
      <button
        type="button"
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        onClick={() => setOpen(true)}
      >
        {t('forgetDevice.forget')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={open}
            onOpenChange={setOpen}
            title={t('forgetDevice.title')}
            description={t('forgetDevice.description')}
            confirmLabel={forget.isPending ? t('forgetDevice.forgetting') : t('forgetDevice.forget')}
            onConfirm={confirm}
            pending={forget.isPending}
          />
        </Suspense>
      )}
    </div>
  );
}
