import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A loading state, announced politely: "Loading your events…". */
export function Spinner({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center p-8', className)}>
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-brand-700" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
