import { Button } from '@web/components/ui/button';
import { useT } from '@web/lib/i18n';

// The chat's words are in `common`: the widget is on the diners' pages, which load only that catalog.
export function ConnectingIndicator({ label }: { label?: string }) {
  const t = useT();
  return (
    <div role="status" className="flex items-center gap-2 text-sm text-muted">
      <span
        aria-hidden="true"
        className="h-4 w-4 animate-spin rounded-full border-2 border-brand-100 border-t-brand-600"
      />
      {label ?? t('chat.connecting')}
    </div>
  );
}

/** `message`: a key of the `common` catalog (CHAT_CONNECT_ERROR, CHAT_CLOSED_ERROR). */
export function ConnectionProblem({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div
      role="alert"
      className="flex items-center justify-between gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
    >
      <span>{t(message)}</span>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t('chat.reconnect')}
      </Button>
    </div>
  );
}
