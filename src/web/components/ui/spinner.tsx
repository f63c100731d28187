import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useT } from '../../lib/i18n';

/** A loading state, announced politely: "Loading your events…". */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  const t = useT();
  return (
    <div role="status" className={cn('flex items-center justify-center p-8', className)}>
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-brand-700" />
      <span className="sr-only">{label ?? t('ui.loading')}</span>
    </div>
  );
}
