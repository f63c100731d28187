/**
 * The name of each of the tour's badges (emoji in its data). Apart from their icons (tour-badges.tsx),
 * so that the layout's tour provider, in every page's first script, carries no icon (decision 159).
 */
const BADGE_NAMES: Record<string, string> = {
  '🎉': 'Party',
  '🗺️': 'Map',
  '📅': 'Calendar',
  '🚚': 'Truck',
  '🌮': 'Taco',
  '📬': 'Mailbox',
  '📒': 'Ledger',
  '📷': 'Camera',
};

export function badgeName(badge: string): string {
  return BADGE_NAMES[badge] ?? 'Star';
}
