import { describeShareLine, eventStory } from '../../core/event-story';
import { describeFundingGap } from '../../core/momentum';
import { formatEventDate, formatEventTime } from '../../core/time';
import type { events } from '../db/schema';
import { escapeHtml } from '../outbox/templates';

type EventRow = typeof events.$inferSelect;

export interface SharePreview {
  title: string;
  description: string;
  url: string;
  /** Absolute URL of the event's cover or its truck's picture, when it has one. */
  imageUrl: string | null;
}

export function describeSharePreview(
  event: EventRow,
  truckName: string,
  baseUrl: string,
  hasImage: boolean,
  now: Date,
): SharePreview {
  const when = `${formatEventDate(event.startsAt, event.timeZone)}, ${formatEventTime(event.startsAt, event.timeZone)}`;
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
  const line = describeShareLine(story, describeFundingGap(event.currentSales, event.minimumSales));
  return {
    title: `${event.title} with ${truckName}`,
    description: `${when} at ${event.location}. ${truckName}. ${line}`,
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
