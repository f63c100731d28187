import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from './card';

/**
 * A card named by its heading: the section is labelled by its title for screen readers, with an
 * optional line under the title. Its own file, so the event page's eager bundle does not carry it.
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
