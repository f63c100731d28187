import type { Translate } from '@web/lib/i18n';

export interface ShareDetails {
  title: string;
  location: string;
  /** As the page shows it, in the event's zone ("Sat, Dec 5, 2026"). */
  date: string;
  /** Rounded, as the progress bar shows it. */
  percentFunded: number;
}

const HASHTAGS = '#FoodTruck #Fundraiser #PreOrder';

/**
 * The text every share target carries: title, location, date, percent funded and hashtags; in the
 * page's language with its words `t` (the common catalog's `share.text`), else in English.
 */
export function buildShareText(
  { title, location, date, percentFunded }: ShareDetails,
  t?: Translate,
): string {
  const sentence = t
    ? t('share.text', { title, location, date, percent: percentFunded })
    : `${title} at ${location} on ${date}. ${percentFunded}% funded! Pre-order to help it reach its goal.`;
  return `${sentence} ${HASHTAGS}`;
}

/** Where the X, Facebook and WhatsApp buttons go; each gets the page's address. */
export function buildShareLinks(
  url: string,
  text: string,
): { x: string; facebook: string; whatsapp: string } {
  const u = encodeURIComponent(url);
  return {
    x: `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${u}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
  };
}
