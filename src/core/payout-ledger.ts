import { splitUnitPrice } from './pricing';

/**
 * Who shares a diner's payment (docs/decisions/050-payouts-separate-charges-and-transfers.md): the
 * truck gets the food at its own menu prices, the organizer the markup, the platform its 5% fee.
 */
export const PAYOUT_PARTIES = ['truck', 'organizer'] as const;
export type PayoutParty = (typeof PAYOUT_PARTIES)[number];
export type LedgerParty = PayoutParty | 'platform';

export interface LedgerLine {
  quantity: number;
  /** The truck's menu price of one unit when the order was placed. */
  baseCents: number;
  /** What the diner paid for one unit (base + markup + fee, rounded once). */
  unitCents: number;
}

export interface LedgerOrder {
  /** What the card was charged: the lines, plus the tax and the tip. */
  totalCents: number;
  /** The sales tax charged with it (decision 189): the truck's. */
  taxCents?: number;
  /** The diner's tip (decision 188): the truck's, all of it. */
  tipCents?: number;
  /** A promo code's discount (decision 222): taken off the organizer's markup. */
  discountCents?: number;
  /** A gift to the cause (decision 223): the organizer's; its fee on top is the platform's. */
  giftCents?: number;
  giftFeeCents?: number;
  /** Cents given back to the diner (0 when none). */
  refundedCents: number;
  lines: LedgerLine[];
}

export interface PartySplit {
  truck: number;
  organizer: number;
  platform: number;
}

/** An order's split: the truck's share includes the order's tax and tip (`truckTax`, `truckTip`). */
export interface OrderSplit extends PartySplit {
  /** The part of `truck` that is sales tax. */
  truckTax: number;
  /** The part of `truck` that is the tip. */
  truckTip: number;
}

export interface EventLedger {
  /** Charged to diners, before refunds. */
  grossCents: number;
  refundedCents: number;
  /** What each party keeps after refunds; the three add up to gross − refunded. */
  shares: PartySplit;
  /** What each party's share was before refunds. */
  grossShares: PartySplit;
  /** Sales tax charged, before and after refunds: part of the truck's share, which it remits. */
  tax: { grossCents: number; keptCents: number };
  /** Tips charged, before and after refunds: part of the truck's share, all of it the crew's. */
  tips: { grossCents: number; keptCents: number };
  /** The organizer's guarantee (decision 225): charged to the organizer's card, all of it in the truck's share. */
  guarantee?: { chargedCents: number; keptCents: number };
  /** Promo codes' discounts (decision 222), taken off the organizer's share before refunds. */
  discountsCents: number;
  /** Gifts charged (decision 223), in the organizer's share, and their fees, in the platform's. */
  gifts: { grossCents: number; feeCents: number };
}

/** One unit's share of each party, by the one split diners were shown (`splitUnitPrice`). */
export function splitLine(line: LedgerLine, markupBasisPoints: number): PartySplit {
  const parts = splitUnitPrice(line.baseCents, markupBasisPoints, line.unitCents);
  return { truck: parts.menuCents, organizer: parts.markupCents, platform: parts.feeCents };
}

/**
 * An order's split before refunds: its lines by the one split, then its sales tax and its tip, both
 * wholly the truck's (decisions 188, 189); the platform takes no share of either.
 */
export function splitOrder(order: LedgerOrder, markupBasisPoints: number): OrderSplit {
  const truckTax = order.taxCents ?? 0;
  const truckTip = order.tipCents ?? 0;
  const split: OrderSplit = {
    truck: truckTax + truckTip,
    organizer: (order.giftCents ?? 0) - (order.discountCents ?? 0),
    platform: order.giftFeeCents ?? 0,
    truckTax,
    truckTip,
  };
  for (const line of order.lines) {
    const unit = splitLine(line, markupBasisPoints);
    split.truck += unit.truck * line.quantity;
    split.organizer += unit.organizer * line.quantity;
    split.platform += unit.platform * line.quantity;
  }
  return split;
}

/**
 * How much of the truck's part of a refund is tax and how much is tip, in proportion, rounded down in
 * that order, the food taking the rest (decisions 188, 189). Like `splitRefund`, no part shrinks as
 * the truck's part grows, and when the truck gives back its whole share the tax and the tip go back whole.
 */
export function splitTruckRefund(
  split: OrderSplit,
  truckRefundCents: number,
): { tax: number; tip: number; food: number } {
  if (truckRefundCents <= 0 || split.truck === 0) return { tax: 0, tip: 0, food: 0 };
  const refund = Math.min(truckRefundCents, split.truck);
  const tax = Math.floor((split.truckTax * refund) / split.truck);
  const rest = refund - tax;
  const others = split.truck - split.truckTax;
  const tip = others === 0 ? 0 : Math.floor((split.truckTip * rest) / others);
  return { tax, tip, food: rest - tip };
}

/**
 * A refund takes back from each party in proportion to what it had from that order, to the cent
 * (docs/decisions/136-refunds-follow-the-split.md): the organizer's part is its proportional part
 * rounded down, the platform's part is its proportional part of what is left rounded down, and the
 * truck's part is the rest. The parts add up to the refund exactly, each is within a cent of its exact
 * proportion, and none ever shrinks when the refund grows (several partial refunds are split by their
 * sum, so a later refund never gives a party back money it already returned: a reversal after a
 * transfer is never negative).
 */
export function splitRefund(split: PartySplit, refundedCents: number): PartySplit {
  const total = split.truck + split.organizer + split.platform;
  if (refundedCents <= 0 || total === 0) return { truck: 0, organizer: 0, platform: 0 };
  const refund = Math.min(refundedCents, total);
  const organizer = Math.floor((split.organizer * refund) / total);
  const rest = refund - organizer;
  const others = split.truck + split.platform;
  const platform = others === 0 ? 0 : Math.floor((split.platform * rest) / others);
  return { truck: rest - platform, organizer, platform };
}

/** An event's ledger from its charged (and refunded) orders: recomputed from scratch every time. */
export function computeEventLedger(orders: readonly LedgerOrder[], markupBasisPoints: number): EventLedger {
  const ledger: EventLedger = {
    grossCents: 0,
    refundedCents: 0,
    shares: { truck: 0, organizer: 0, platform: 0 },
    grossShares: { truck: 0, organizer: 0, platform: 0 },
    tax: { grossCents: 0, keptCents: 0 },
    tips: { grossCents: 0, keptCents: 0 },
    discountsCents: 0,
    gifts: { grossCents: 0, feeCents: 0 },
  };
  for (const order of orders) {
    const split = splitOrder(order, markupBasisPoints);
    if (split.truck + split.organizer + split.platform !== order.totalCents) {
      throw new RangeError('An order’s lines do not add up to what its card was charged');
    }
    const refund = splitRefund(split, order.refundedCents);
    const truckRefund = splitTruckRefund(split, refund.truck);
    ledger.tax.grossCents += split.truckTax;
    ledger.tax.keptCents += split.truckTax - truckRefund.tax;
    ledger.tips.grossCents += split.truckTip;
    ledger.tips.keptCents += split.truckTip - truckRefund.tip;
    ledger.grossCents += order.totalCents;
    ledger.discountsCents += order.discountCents ?? 0;
    ledger.gifts.grossCents += order.giftCents ?? 0;
    ledger.gifts.feeCents += order.giftFeeCents ?? 0;
    ledger.refundedCents += Math.min(order.refundedCents, order.totalCents);
    for (const party of ['truck', 'organizer', 'platform'] as const) {
      ledger.grossShares[party] += split[party];
      ledger.shares[party] += split[party] - refund[party];
    }
  }
  return ledger;
}

/** What a party's statement line shows as refunds: the part of all refunds taken from its share. */
export function refundedFromShare(ledger: EventLedger, party: LedgerParty): number {
  return ledger.grossShares[party] - ledger.shares[party];
}

export type PayoutStatus = 'pending' | 'scheduled' | 'paid' | 'blocked';

/**
 * Money that a transfer or a reversal must move so that what a party holds equals its share now:
 * positive sends more, negative takes back (a refund after settlement), 0 is settled.
 */
export function payoutDifference(
  shareCents: number,
  transferredCents: number,
  reversedCents: number,
): number {
  return shareCents - (transferredCents - reversedCents);
}

/** When an event's payouts go out: its end plus the delay, when funds have settled and disputes surfaced. */
export function payoutDueAt(endsAt: Date, delayHours: number): Date {
  return new Date(endsAt.getTime() + delayHours * 60 * 60 * 1000);
}
