import type { OrderStatus } from './order-status';
import { formatCents } from './money';

/**
 * The truck's corrections of one order (docs/decisions/135-order-corrections.md): a refund of the whole
 * order or a part of it (a missing item), with a reason, until 7 days after the event's end.
 */
export const CORRECTION_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
export const CORRECTION_REASON_MAX = 500;
/**
 * Refunds one order may be given, whole or partial (docs/decisions/213): each is a provider call and a
 * mail, so a thousand one-cent refunds on one order are refused from the 21st.
 */
export const MAX_CORRECTIONS_PER_ORDER = 20;

export interface CorrectableOrder {
  status: OrderStatus;
  totalCents: number;
  /** Cents already taken off by earlier corrections. */
  correctedCents: number;
  /** A whole refund is already owed (a call-off, a late charge): nothing is left to correct. */
  refundDue: boolean;
  /** Corrections already made on it (a refused one that was closed not counted). */
  corrections?: number;
}

export type CorrectionDecision = { kind: 'allowed' } | { kind: 'refused'; message: string };

/** What is still charged and may be refunded. */
export function correctableCents(order: Pick<CorrectableOrder, 'totalCents' | 'correctedCents'>): number {
  return Math.max(0, order.totalCents - order.correctedCents);
}

/** The last instant a correction is accepted: 7 days after the event's end. */
export function correctionDeadline(endsAt: Date): Date {
  return new Date(endsAt.getTime() + CORRECTION_WINDOW_MS);
}

/**
 * Whether `amountCents` may be refunded now. Only a charged order: a held card is not charged (the
 * diner cancels it, or it is released if the goal is not met), so there is nothing to give back yet.
 */
export function decideCorrection(
  order: CorrectableOrder,
  amountCents: number,
  now: Date,
  endsAt: Date,
): CorrectionDecision {
  if (order.status === 'confirmed') {
    return {
      kind: 'refused',
      message:
        'This order is not charged yet: the card is only held, so there is nothing to refund. The diner can cancel it, and the hold is released if the event does not reach its goal.',
    };
  }
  if (order.status === 'refunded' || order.refundDue) {
    return { kind: 'refused', message: 'This order is already refunded in full' };
  }
  if (order.status !== 'charged') {
    return { kind: 'refused', message: 'This order was not charged, so there is nothing to refund' };
  }
  if (now.getTime() > correctionDeadline(endsAt).getTime()) {
    return { kind: 'refused', message: 'Refunds can be made until 7 days after the event ends' };
  }
  const left = correctableCents(order);
  if ((order.corrections ?? 0) >= MAX_CORRECTIONS_PER_ORDER) {
    return {
      kind: 'refused',
      message: `This order has had ${MAX_CORRECTIONS_PER_ORDER} refunds already, the most one order may have; please contact support to refund more`,
    };
  }
  if (left === 0) return { kind: 'refused', message: 'This order is already refunded in full' };
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    return { kind: 'refused', message: 'The amount must be at least $0.01' };
  }
  if (amountCents > left) {
    return {
      kind: 'refused',
      message: `Only ${formatCents(left)} of this order is left to refund`,
    };
  }
  return { kind: 'allowed' };
}
