import { TZDate, tzName, tzOffset } from '@date-fns/tz';
import { createEvent, type DateTime, type EventAttributes } from 'ics';
import { hasReachedGoal, type EventStatus } from '../../core/event-status';
import type { Language } from '../../core/language';
import type { MailAttachmentRow } from '../db/schema';
import { translator } from '../i18n';

export interface CalendarEventInput {
  id: number;
  title: string;
  location: string;
  timeZone: string;
  startsAt: Date;
  endsAt: Date;
  status: EventStatus;
  truckName: string | null;
  /** The public event page. */
  url: string;
  /** Extra lines for the description (e.g. what the diner ordered). */
  details?: string[];
  /** Accepted changes of date, times or place: calendars replace an entry whose SEQUENCE grew. */
  sequence?: number;
  /** The language of the file's own lines (the requester's, or the mail's reader's); English if unset. */
  language?: Language;
}

/** The wall clock of an instant in a zone, the zone's offset from UTC then (minutes), and its short name. */
function wallClock(instant: Date, timeZone: string) {
  const local = new TZDate(instant, timeZone);
  const date: [number, number, number, number, number] = [
    local.getFullYear(),
    local.getMonth() + 1,
    local.getDate(),
    local.getHours(),
    local.getMinutes(),
  ];
  return { date, offsetMinutes: tzOffset(timeZone, instant), name: tzName(timeZone, instant, 'short') };
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/**
 * Text as `ics` can write it: the library escapes `\n` and `\r\n` but lets a lone `\r` through, which a
 * calendar reads as the end of the line (a title could then add properties of its own). Every line break
 * becomes `\n`, which it escapes, and any other control character but a tab is dropped (RFC 5545 allows
 * none in TEXT).
 */
function calendarText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
}

const pad = (n: number) => String(n).padStart(2, '0');
const icsLocal = (d: readonly number[]) => `${d[0]}${pad(d[1]!)}${pad(d[2]!)}T${pad(d[3]!)}${pad(d[4]!)}00`;

function calendarStatus(status: EventStatus): EventAttributes['status'] {
  if (hasReachedGoal(status)) return 'CONFIRMED';
  if (status === 'cancelled' || status === 'rejected' || status === 'payment_failed') return 'CANCELLED';
  return 'TENTATIVE';
}

/**
 * An RFC 5545 calendar file for an event, built with `ics`, with its times as wall-clock values in
 * the event's own zone (`DTSTART;TZID=America/Chicago:…`) and a VTIMEZONE for that zone's offset at
 * the event, so a diner elsewhere sees the right hour and the organizer's zone is kept
 * (docs/decisions/043-calendar-files-and-share-previews.md).
 */
export function buildCalendarFile(event: CalendarEventInput, host: string): string {
  const start = wallClock(event.startsAt, event.timeZone);
  const end = wallClock(event.endsAt, event.timeZone);
  const t = translator(event.language ?? 'en');
  const description = [
    event.truckName ? t('server:calendar.truck', { name: event.truckName }) : null,
    event.status === 'approved' ? t('server:calendar.chargedIfFunded') : null,
    ...(event.details ?? []),
    t('server:calendar.page', { url: event.url }),
  ]
    .filter((line): line is string => Boolean(line))
    .map(calendarText)
    .join('\n');
  const { error, value } = createEvent({
    uid: `event-${event.id}@${host}`,
    productId: 'food-truck-fund/ics',
    method: 'PUBLISH',
    title: calendarText(event.title),
    description,
    location: calendarText(event.location),
    url: event.url,
    status: calendarStatus(event.status),
    busyStatus: 'BUSY',
    ...(event.sequence ? { sequence: event.sequence } : {}),
    // Placeholders in UTC; replaced below by the wall-clock times with the event's TZID.
    start: event.startsAt.getTime() as DateTime,
    end: event.endsAt.getTime() as DateTime,
    startInputType: 'utc',
    startOutputType: 'utc',
    endInputType: 'utc',
    endOutputType: 'utc',
  });
  if (error || !value) throw error ?? new Error('Could not build the calendar file');

  const sameOffset = start.offsetMinutes === end.offsetMinutes;
  const tzid = event.timeZone.replace(/[^A-Za-z0-9_/+-]/g, '');
  const vtimezone = [
    'BEGIN:VTIMEZONE',
    `TZID:${tzid}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${formatOffset(start.offsetMinutes)}`,
    `TZOFFSETTO:${formatOffset(start.offsetMinutes)}`,
    `TZNAME:${start.name.replace(/[^A-Za-z0-9+-]/g, '') || 'LOCAL'}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
  return value
    .replace(/^DTSTART:\d{8}T\d{6}Z$/m, `DTSTART;TZID=${tzid}:${icsLocal(start.date)}`)
    .replace(
      /^DTEND:\d{8}T\d{6}Z$/m,
      // An event across a daylight-saving change keeps its exact end in UTC.
      (utc) => (sameOffset ? `DTEND;TZID=${tzid}:${icsLocal(end.date)}` : utc),
    )
    .replace('BEGIN:VEVENT', `${vtimezone}\r\nBEGIN:VEVENT`);
}

/** The same file as a mail attachment. */
export function calendarAttachment(event: CalendarEventInput, host: string): MailAttachmentRow {
  return {
    filename: `event-${event.id}.ics`,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: buildCalendarFile(event, host),
  };
}
