import {
  Award,
  CalendarCheck,
  CalendarDays,
  Inbox,
  Map,
  PartyPopper,
  ScanLine,
  Truck,
  UtensilsCrossed,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@web/lib/cn';

/**
 * The tour's badges are emoji in its data (the product describes them so); on screen each is an
 * icon with a name, since emoji show as empty boxes where no emoji font is installed.
 */
const BADGES: Record<string, { name: string; Icon: LucideIcon }> = {
  '🎉': { name: 'Party', Icon: PartyPopper },
  '🗺️': { name: 'Map', Icon: Map },
  '📅': { name: 'Calendar', Icon: CalendarDays },
  '🚚': { name: 'Truck', Icon: Truck },
  '🌮': { name: 'Taco', Icon: UtensilsCrossed },
  '📬': { name: 'Mailbox', Icon: Inbox },
  '📒': { name: 'Ledger', Icon: CalendarCheck },
  '📷': { name: 'Camera', Icon: ScanLine },
};

export function badgeName(badge: string): string {
  return BADGES[badge]?.name ?? 'Star';
}

export function TourBadge({ badge, className }: { badge: string; className?: string }) {
  const { name, Icon } = BADGES[badge] ?? { name: 'Star', Icon: Award };
  return (
    <span
      role="img"
      aria-label={`${name} badge`}
      title={`${name} badge`}
      className={cn(
        'inline-flex size-6 items-center justify-center rounded-full bg-brand-100 align-middle text-brand-800',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
    </span>
  );
}

export function TourBadges({ badges }: { badges: readonly string[] }) {
  return (
    <span className="inline-flex gap-1 align-middle">
      {badges.map((badge) => (
        <TourBadge key={badge} badge={badge} />
      ))}
    </span>
  );
}
