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
import { useT } from '@web/lib/i18n';
import { badgeName } from './badge-names';

/**
 * The tour's badges are emoji in its data (the product describes them so); on screen each is an
 * icon with a name (badge-names.ts), since emoji show as empty boxes where no emoji font is installed.
 */
const ICONS: Record<string, LucideIcon> = {
  '🎉': PartyPopper,
  '🗺️': Map,
  '📅': CalendarDays,
  '🚚': Truck,
  '🌮': UtensilsCrossed,
  '📬': Inbox,
  '📒': CalendarCheck,
  '📷': ScanLine,
};

export function TourBadge({ badge, className }: { badge: string; className?: string }) {
  const t = useT('app');
  const name = badgeName(badge);
  const Icon = ICONS[badge] ?? Award;
  return (
    <span
      role="img"
      aria-label={t('tour.badge', { name })}
      title={t('tour.badge', { name })}
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
