import { z } from '../core/schemas/zod-messages';
import { PAYOUT_PARTIES } from '../core/payout-ledger';
import { currencySchema, cursorPageQuery, instantSchema, moneySchema } from './common';

export const PAYOUT_STATUSES = ['pending', 'scheduled', 'paid', 'blocked'] as const;
export const PAYOUT_ACCOUNT_STATUSES = ['none', 'incomplete', 'enabled'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

/** The amounts of a statement, per event and in its totals: what was raised and what of it is the party's. */
const payoutAmounts = {
  gross: moneySchema,
  refunds: moneySchema,
  platformFee: moneySchema,
  /** Sales tax diners paid, after refunds: in the truck's share, for the truck to remit (0 for the organizer). */
  salesTax: moneySchema,
  /** Diners' tips, after refunds: in the truck's share, all of it (0 for the organizer). */
  tips: moneySchema,
  share: moneySchema,
};

/** `GET /api/payouts`: a page of the statement; `cursor` is the `nextCursor` of the page before. */
export const PAYOUT_STATEMENT_PAGE_SIZE = 25;
export const PAYOUT_STATEMENT_MAX_PAGE_SIZE = 100;
export const payoutStatementQuerySchema = z.object(
  cursorPageQuery(PAYOUT_STATEMENT_PAGE_SIZE, PAYOUT_STATEMENT_MAX_PAGE_SIZE),
);

/**
 * A truck's or organizer's money page, a page of events at a time, latest first: per event what it
 * raised and where their share stands (docs/decisions/219-the-payout-statement-a-page-at-a-time.md).
 */
export const payoutStatementSchema = z
  .object({
    party: z.enum(PAYOUT_PARTIES),
    /** Hours after an event's end before its payouts go out. */
    payoutDelayHours: z.number(),
    events: z.array(
      z.object({
        eventId: z.number().int(),
        title: z.string(),
        date: z.string(),
        /** The event's currency: every amount of the line is in it (decision 230). */
        currency: currencySchema,
        ...payoutAmounts,
        /** Gifts to the cause (decision 223), before refunds: in the organizer's share (0 for the truck). */
        gifts: moneySchema,
        /** Promo codes' discounts (decision 222), taken off the organizer's markup (0 for the truck). */
        discounts: moneySchema,
        /** The organizer's guarantee charged at the start (decision 225): in the truck's share, paid by the organizer. */
        guarantee: moneySchema,
        status: z.enum(PAYOUT_STATUSES),
        scheduledFor: instantSchema.nullable(),
        paidAt: instantSchema.nullable(),
        reason: z.string().nullable(),
      }),
    ),
    /** Pass as `cursor` for the next (older) page; null: this is the last. */
    nextCursor: z.string().nullable(),
    /**
     * Over every event, one per currency (amounts of different currencies are never added, decision
     * 230), on the first page only (null on the pages after it): `paid` is what the payouts sent less
     * what was reversed, `upcoming` the share of the events not paid out yet (called-off ones aside),
     * `share` both together.
     */
    totals: z
      .array(
        z.object({ currency: currencySchema, share: moneySchema, paid: moneySchema, upcoming: moneySchema }),
      )
      .nullable()
      .meta({
        description:
          'Over every event, one entry per currency (never added across currencies); on the first page only, null on the pages after it',
      }),
  })
  .meta({ id: 'PayoutStatement' });
export type PayoutStatementDto = z.infer<typeof payoutStatementSchema>;

/** What a payee sees of their payout account: never the provider's account id. */
export const payoutAccountSchema = z
  .object({
    status: z.enum(PAYOUT_ACCOUNT_STATUSES),
    detailsSubmitted: z.boolean(),
    requirementsDue: z.array(z.string()),
    provider: z.enum(['stripe', 'simulator']),
  })
  .meta({ id: 'PayoutAccount' });

export const onboardingLinkSchema = z.object({ url: z.string() });

export const simulatorOnboardingLinkSchema = z.object({
  account: z.string().min(1, 'The onboarding link is incomplete').max(100),
  token: z.string().min(1, 'The onboarding link is incomplete').max(100),
});
export const simulatorOnboardingValidSchema = z.object({ valid: z.boolean() });
export const simulatorOnboardingDoneSchema = z.object({ redirectTo: z.string() });
