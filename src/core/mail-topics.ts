/**
 * The kinds of mail an organizer or a truck may turn off on their profile (decision 155). Mail
 * about the account itself (password reset, e-mail confirmation, password changed) has no topic:
 * it always goes.
 */
export const MAIL_TOPICS = ['requests', 'event-outcomes', 'payouts'] as const;
export type MailTopic = (typeof MAIL_TOPICS)[number];

export const MAIL_TOPIC_LABELS: Record<MailTopic, { label: string; hint: string }> = {
  requests: {
    label: 'Requests and answers',
    hint: 'A truck accepts, declines or lets a request lapse; a change of date, time or place is asked or answered.',
  },
  'event-outcomes': {
    label: 'Goals and call-offs',
    hint: 'An event reaches its goal, is confirmed, is called off or cut short, or its payments fail.',
  },
  payouts: {
    label: 'Payouts',
    hint: 'Your share was sent, or it waits for your payout account.',
  },
};

/** The topics a user receives, from the ones they turned off. */
export function receivedTopics(optOuts: readonly string[]): MailTopic[] {
  return MAIL_TOPICS.filter((t) => !optOuts.includes(t));
}
