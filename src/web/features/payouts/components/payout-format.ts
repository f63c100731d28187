const calendarDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const instant = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 21, 2026" from an event's calendar date ("2026-11-21"), whatever the device's zone. */
export function formatCalendarDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : calendarDate.format(parsed);
}

/** "Nov 24, 2026, 9:00 PM" in the reader's own zone, for when money moves. */
export function formatInstant(iso: string): string {
  return instant.format(new Date(iso));
}

/** What the provider still needs, in words an owner understands. */
const REQUIREMENT_LABELS: Record<string, string> = {
  business_type: 'your business type',
  external_account: 'a bank account for payouts',
  'tos_acceptance.date': 'acceptance of the terms of service',
  'tos_acceptance.ip': 'acceptance of the terms of service',
  'individual.verification.document': 'an identity document',
};

export function describeRequirements(requirements: string[]): string[] {
  const labels = requirements.map(
    (r) => REQUIREMENT_LABELS[r] ?? r.replaceAll('_', ' ').replaceAll('.', ' '),
  );
  return labels.filter((label, i) => labels.indexOf(label) === i);
}
