import type { ReactNode } from 'react';
import { ButtonLink } from '@web/components/ui/button';

/**
 * A cancelled or rejected event: nothing to order, but a way to start another, the
 * reason its organizer or truck gave, and (as children) the visitor's own orders and their refunds.
 */
export function EventUnavailable({
  title,
  note,
  children,
}: {
  title?: string;
  note?: string | null | undefined;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">Event Not Available</h1>
      {title && <p className="mt-1 font-medium break-words text-stone-800">{title}</p>}
      <p className="mt-2 text-stone-600">
        This event was declined by the food truck vendor or was cancelled.
      </p>
      {note && <p className="mt-2 break-words text-stone-700">“{note}”</p>}
      {children && <div className="mt-6 text-left">{children}</div>}
      <ButtonLink to="/events/create" className="mt-6">
        Create a New Event
      </ButtonLink>
    </div>
  );
}
