/**
 * An order's receipt, itemised: each line's food, markup and fee (the split of `splitUnitPrice`, from
 * the prices stored on the order), their sums, and the order's own sales tax and tip, then what the card
 * pays. The confirmation page and the order mails both show this, so they never disagree.
 */
import { splitUnitPrice } from './pricing';

export interface ReceiptLineInput {
  /** The menu price when ordered. */
  baseCents: number;
  /** The unit price paid. */
  unitCents: number;
  quantity: number;
}

export interface ReceiptParts {
  food: number;
  markup: number;
  fee: number;
  /** Food + markup + fee. */
  total: number;
}

export interface ItemisedOrder {
  lines: ReceiptParts[];
  totals: ReceiptParts & {
    salesTax: number;
    tip: number;
    /** A promo code's discount (decision 222), taken off the markup. */
    discount: number;
    /** A gift to the cause and its fee (decision 223). */
    gift: number;
    giftFee: number;
    charged: number;
  };
}

export function itemiseOrder(
  lines: readonly ReceiptLineInput[],
  markupBasisPoints: number,
  order: {
    taxCents: number;
    tipCents: number;
    chargedCents: number;
    discountCents?: number;
    giftCents?: number;
    giftFeeCents?: number;
  },
): ItemisedOrder {
  const totals = { food: 0, markup: 0, fee: 0, total: 0 };
  const parts = lines.map((row) => {
    const unit = splitUnitPrice(row.baseCents, markupBasisPoints, row.unitCents);
    const line = {
      food: unit.menuCents * row.quantity,
      markup: unit.markupCents * row.quantity,
      fee: unit.feeCents * row.quantity,
      total: unit.unitCents * row.quantity,
    };
    totals.food += line.food;
    totals.markup += line.markup;
    totals.fee += line.fee;
    totals.total += line.total;
    return line;
  });
  return {
    lines: parts,
    totals: {
      ...totals,
      salesTax: order.taxCents,
      tip: order.tipCents,
      discount: order.discountCents ?? 0,
      gift: order.giftCents ?? 0,
      giftFee: order.giftFeeCents ?? 0,
      charged: order.chargedCents,
    },
  };
}

/**
 * The receipt's summary as labelled amounts, in the page's words: food, markup, fee, sales tax and tip
 * each when not zero, then the total charged (always). `key` names the row in the catalogs' `receipt`
 * (decision 228); `label` is its English.
 */
export type ReceiptRowKey =
  'food' | 'markup' | 'fee' | 'salesTax' | 'tip' | 'promoCode' | 'gift' | 'giftFee' | 'total';

export function receiptSummary(
  totals: ItemisedOrder['totals'],
): Array<{ key: ReceiptRowKey; label: string; cents: number }> {
  const rows: Array<{ key: ReceiptRowKey; label: string; cents: number }> = [
    { key: 'food', label: 'Food', cents: totals.food },
    { key: 'markup', label: 'Markup', cents: totals.markup },
    { key: 'fee', label: 'Fee', cents: totals.fee },
    { key: 'salesTax', label: 'Sales tax', cents: totals.salesTax },
    { key: 'tip', label: 'Tip for the crew', cents: totals.tip },
    { key: 'promoCode', label: 'Promo code', cents: -totals.discount },
    { key: 'gift', label: 'Gift to the cause', cents: totals.gift },
    { key: 'giftFee', label: 'Fee on the gift', cents: totals.giftFee },
  ];
  return rows
    .filter((line) => line.cents !== 0)
    .concat({ key: 'total', label: 'Total', cents: totals.charged });
}
