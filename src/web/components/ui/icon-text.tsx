import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * A line led by an icon that only decorates it (a calendar before a date, a pin before a place): the
 * icon keeps to the first line when the text wraps. `iconClassName` replaces its size and colour.
 */
export function IconText({
  icon: Icon,
  className,
  iconClassName = 'size-4 text-brand-700',
  children,
}: {
  icon: LucideIcon;
  className?: string;
  iconClassName?: string;
  children: ReactNode;
}) {
  return (
    <p className={cn('flex items-start gap-2', className)}>
      <Icon aria-hidden="true" className={cn('mt-0.5 shrink-0', iconClassName)} />
      <span className="min-w-0">{children}</span>
    </p>
  );
}
