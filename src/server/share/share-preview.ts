import { asCurrency, CURRENCY_DIGITS, minorPerMajor } from '../../core/currency';
import { eventStory, type EventStory } from '../../core/event-story';
import { computeFundingProgress } from '../../core/funding';
import type { Language } from '../../core/language';
import { formatCents } from '../../core/money';
import { formatEventDate, formatEventTime } from '../../core/time';
import type { events } from '../db/schema';
import { intlLocale, translator } from '../i18n';
import { escapeHtml } from '../outbox/templates';

type EventRow = typeof events.$inferSelect;

export interface SharePreview {
  title: string;
  description: string;
  url: string;
  /** Absolute URL of the event's cover or its truck's picture, when it has one. */
  imageUrl: string | null;
}

/** The card's last sentence per state (server:share.line.*), the same table as the page's blocks. */
const LINE_KEYS: Record<EventStory, string> = {
  approved: 'approved',
  funded: 'funded',
  short: 'funded',
  'under-way': 'underWay',
  'short-started': 'underWay',
  pending: 'pending',
  'unfunded-started': 'unfundedStarted',
  closed: 'closed',
  failed: 'failed',
  'called-off': 'calledOff',
  declined: 'declined',
  'cut-short': 'cutShort',
  hidden: 'hidden',
};

/**
 * "62% funded, $190 to go" ("62 % de la meta, faltan $190"): whole amounts without their zeros, in the
 * event's currency; the words from `words` (the share card's, or a mail's `goalReached` and `toGo`).
 */
export function fundingGap(
  event: Pick<EventRow, 'currentSales' | 'minimumSales' | 'currency'>,
  language: Language,
  words: 'server:share' | 'mail:reminder' = 'server:share',
): string {
  const t = translator(language);
  const progress = computeFundingProgress(event.currentSales, event.minimumSales);
  if (progress.isGoalReached) return t(`${words}.goalReached`);
  const currency = asCurrency(event.currency);
  const remaining = progress.remainingCents;
  const formatted = formatCents(remaining, currency, intlLocale(language));
  const digits = CURRENCY_DIGITS[currency];
  const whole = digits > 0 && remaining % minorPerMajor(currency) === 0;
  const amount = whole ? formatted.replace(new RegExp(`[.,]0{${digits}}(?=\\D*$)`), '') : formatted;
  return t(`${words}.toGo`, { percent: progress.percentFunded, amount });
}

/**
 * "Sponsored by A, B and C." (at most three, then "and n more"; decision 223), in the card's language;
 * null without a sponsor shown.
 */
export function sponsorLine(names: readonly string[], language: Language): string | null {
  if (names.length === 0) return null;
  const t = translator(language);
  const shown = names.slice(0, 3);
  const more = names.length - shown.length;
  const list =
    more > 0
      ? t('server:share.listMore', { items: shown.join(', '), count: more })
      : shown.length === 1
        ? shown[0]!
        : t('server:share.listAnd', { items: shown.slice(0, -1).join(', '), last: shown.at(-1)! });
  return `${t('server:share.sponsoredBy', { list })}${list.endsWith('.') ? '' : '.'}`;
}

/** The share card's title and text in the visitor's language, dates in the event's zone. */
export function describeSharePreview(
  event: EventRow,
  truckName: string,
  baseUrl: string,
  hasImage: boolean,
  now: Date,
  language: Language = 'en',
): SharePreview {
  const t = translator(language);
  const locale = intlLocale(language);
  const when = t('server:share.when', {
    date: formatEventDate(event.startsAt, event.timeZone, locale),
    time: formatEventTime(event.startsAt, event.timeZone, locale),
  });
  // The same state, by the same table, as every block of the page (src/core/event-story.ts).
  const story = eventStory(
    {
      status: event.status,
      hidden: event.hidden,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      cutShortAt: event.cutShortAt,
      currentCents: event.currentSales,
      goalCents: event.minimumSales,
    },
    now,
  );
  const line = t(`server:share.line.${LINE_KEYS[story]}`, {
    gap: story === 'approved' ? fundingGap(event, language) : '',
  });
  return {
    title: t('server:share.title', { title: event.title, truck: truckName }),
    description: t('server:share.description', { when, location: event.location, truck: truckName, line }),
    url: `${baseUrl}/events/public/${event.id}`,
    imageUrl: hasImage ? `${baseUrl}/events/public/${event.id}/share-image` : null,
  };
}

/**
 * The client's index.html with the event's Open Graph and Twitter card tags in its head, so a
 * shared link shows a card; the page itself is the same app, which boots as on any other route.
 */
export function renderSharePreview(indexHtml: string, preview: SharePreview): string {
  const meta = (attr: 'property' | 'name', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(preview.title)} · Food Truck Fund</title>`,
    meta('name', 'description', preview.description),
    `<link rel="canonical" href="${escapeHtml(preview.url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Food Truck Fund'),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.url),
    ...(preview.imageUrl ? [meta('property', 'og:image', preview.imageUrl)] : []),
    meta('name', 'twitter:card', preview.imageUrl ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    ...(preview.imageUrl ? [meta('name', 'twitter:image', preview.imageUrl)] : []),
  ].join('\n    ');
  return (
    indexHtml
      .replace(/<title>[^<]*<\/title>/, '')
      .replace(/<meta\s+name="description"[^>]*>/, '')
      // A function, not a string: `$&`, `$`` or `$'` in a title or a place are text, not patterns.
      .replace('</head>', () => `    ${tags}\n  </head>`)
  );
}
