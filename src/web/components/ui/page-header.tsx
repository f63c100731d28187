import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from './card';
import { cn } from '../../lib/cn';

/**
 * The top of a screen: an optional eyebrow, the one h1, a line of description and the screen's
 * actions (right on wide screens, below on phones).
 */
export function PageHeader({
  eyebrow,
  title,
  description,
  actions,
  className,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="min-w-0">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>}
        <h1 className="text-3xl font-bold text-ink sm:text-4xl">{title}</h1>
        {description && <p className="mt-2 max-w-2xl text-muted">{description}</p>}
      </div>
      {actions && <div className="flex flex-col gap-2 sm:flex-row sm:shrink-0">{actions}</div>}
    </div>
  );
}

/** The page's width and padding: `narrow` for forms, `wide` for dashboards. */
export function PageContainer({
  size = 'default',
  className,
  children,
}: {
  size?: 'narrow' | 'default' | 'wide';
  className?: string;
  children: ReactNode;
}) {
  const width = { narrow: 'max-w-3xl', default: 'max-w-5xl', wide: 'max-w-6xl' }[size];
  return <div className={cn('mx-auto px-4 py-8 sm:py-10', width, className)}>{children}</div>;
}

/**
 * A card named by its heading: the section is labelled by its title for screen readers, with an
 * optional line under the title. It lives here, not in card.tsx, because the event page loads card.tsx
 * eagerly and this is for the other pages.
 */
export function TitledCard({
  title,
  description,
  className,
  contentClassName,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className={className}>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
        {description}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
