import { cn } from '@web/lib/cn';
import { useT } from '@web/lib/i18n';
import type { LiveOrdersState } from '../hooks/use-live-orders';

/** Says whether new orders arrive by themselves. */
export function LiveOrdersNote({ state, className }: { state: LiveOrdersState; className?: string }) {
  const t = useT('app');
  return (
    <p className={cn('flex items-center gap-2 text-xs text-muted', className)}>
      <span
        aria-hidden="true"
        className={cn(
          'inline-block size-2 rounded-full',
          state === 'live' ? 'bg-herb-600' : state === 'connecting' ? 'bg-amber-500' : 'bg-stone-400',
        )}
      />
      {t(`bookings.live.${state}`)}
    </p>
  );
}
