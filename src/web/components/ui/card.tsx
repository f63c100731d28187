import type { LucideIcon } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A white surface on the cream page: one topic per card (a form, a list, a summary). */
export function Card({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return (
    <section className={cn('rounded-card border border-line bg-white shadow-card', className)} {...props} />
  );
}

export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('border-b border-line px-5 py-4 sm:px-6', className)} {...props} />;
}

export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cn('font-display text-lg font-semibold text-ink', className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('mt-1 text-sm text-muted', className)} {...props} />;
}

export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('px-5 py-4 sm:px-6', className)} {...props} />;
}

/**
 * A card's line led by an icon that only decorates it (a calendar before a date, a pin before a place): the
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
