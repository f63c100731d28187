import { Button } from '@web/components/ui/button';

export function ConnectingIndicator({ label = 'Connecting…' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center gap-2 text-sm text-muted">
      <span
        aria-hidden="true"
        className="h-4 w-4 animate-spin rounded-full border-2 border-brand-100 border-t-brand-600"
      />
      {label}
    </div>
  );
}

export function ConnectionProblem({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex items-center justify-between gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
    >
      <span>{message}</span>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Reconnect
      </Button>
    </div>
  );
}
