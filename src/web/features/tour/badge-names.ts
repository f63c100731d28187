/**
 * The name of each of the tour's badges (emoji in its data). Apart from their icons (tour-badges.tsx),
 * so that the layout's tour provider, in every page's first script, carries no icon (decision 159).
 */
import { translate } from '@web/lib/i18n';

const BADGE_NAMES: Record<string, string> = {
  '🎉': 'party',
  '🗺️': 'map',
  '📅': 'calendar',
  '🚚': 'truck',
  '🌮': 'taco',
  '📬': 'mailbox',
  '📒': 'ledger',
  '📷': 'camera',
};

/** The badge's name in the page's language (the app catalog's `tour.badges`). */
export function badgeName(badge: string): string {
  return translate(`tour.badges.${BADGE_NAMES[badge] ?? 'star'}`, undefined, 'app');
}
