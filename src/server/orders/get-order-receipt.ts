import { eq } from 'drizzle-orm';
import type { OrderReceiptDto } from '../../contract/orders';
import { hasReachedGoal } from '../../core/event-status';
import { computeFundingProgress } from '../../core/funding';
import { asCurrency, minorToDecimal } from '../../core/currency';
import type { Language } from '../../core/language';
import { itemiseOrder } from '../../core/receipt';
import { pickupQrImageUrl } from '../bookings/pickup-qr';
import type { AppContext } from '../context';
import { pendingOrders, users } from '../db/schema';
import type { events } from '../db/schema';
import { publicBaseUrl } from '../http/public-url';
import { DomainError } from '../domain-error';
import { loadCorrections } from './corrections-dto';
import { canAccessOrder, orderLink, receiptLink } from '../access/order-access';
import { toOrderDto } from './order-dto';
import { loadOrderLines } from './order-queries';
import { loadPickupSlotsOf } from '../pickup/order-pickups';
import { loadPickupSlots } from '../pickup/pickup-slots';

/**
 * The diner's confirmation page: one order, itemised with each line's food, markup and fee (the split of
 * core/pricing, from the prices stored on the order), for the browser that placed it or a receipt link's
 * token only. Any other caller, and an order of another event, gets the same 404 as an order that does
 * not exist: order ids are counted up, so they must not tell whether an order is there.
 */
export async function getOrderReceipt(
  ctx: Pick<AppContext, 'db' | 'config'>,
  event: typeof events.$inferSelect,
  orderId: number,
  access: { visitorKey: string | undefined; token: string | undefined },
  language: Language = 'en',
): Promise<OrderReceiptDto> {
  const [order] = await ctx.db.select().from(pendingOrders).where(eq(pendingOrders.id, orderId));
  if (
    !order ||
    order.eventId !== event.id ||
    !canAccessOrder(order, { ...access, secret: ctx.config.sessionSecret })
  ) {
    throw new DomainError('order_not_found', 'Order not found');
  }
  const rows = await loadOrderLines(ctx.db, [order.id]);
  const [truck] = await ctx.db
    .select({ businessName: users.businessName, username: users.username })
    .from(users)
    .where(eq(users.id, event.foodTruckId));
  const itemised = itemiseOrder(rows, event.priceMarkupPercentage, {
    taxCents: order.taxAmount,
    tipCents: order.tipAmount,
    chargedCents: order.totalAmount,
    discountCents: order.discountAmount,
    giftCents: order.donationAmount,
    giftFeeCents: order.donationFeeAmount,
  });
  const { totals } = itemised;
  // Every amount in the order's currency's decimals (decision 230).
  const centsToDecimal = (minor: number) => minorToDecimal(minor, asCurrency(order.currency));
  const lines = rows.map((row, i) => {
    const line = itemised.lines[i]!;
    return {
      menuItemId: row.menuItemId,
      name: row.name,
      quantity: row.quantity,
      unitPrice: centsToDecimal(row.unitCents),
      food: centsToDecimal(line.food),
      markup: centsToDecimal(line.markup),
      fee: centsToDecimal(line.fee),
      total: centsToDecimal(line.total),
    };
  });
  const corrections = await loadCorrections(ctx.db, [order.id]);
  const dto = toOrderDto(
    order,
    lines.map(({ menuItemId, name, quantity, unitPrice }) => ({ menuItemId, name, quantity, unitPrice })),
    corrections.get(order.id) ?? [],
    language,
  );
  const baseUrl = publicBaseUrl(ctx.config);
  const slot = (await loadPickupSlotsOf(ctx.db, [order.id])).get(order.id);
  const [slotOf] = slot ? await loadPickupSlots(ctx.db, event.id) : [];
  const pickup = slot
    ? {
        startsAt: slot.toISOString(),
        endsAt: new Date(slot.getTime() + (slotOf?.minutes ?? 0) * 60_000).toISOString(),
      }
    : null;
  return {
    order: dto,
    pickup,
    event: {
      id: event.id,
      title: event.title,
      location: event.location,
      startsAt: event.startsAt.toISOString(),
      endsAt: event.endsAt.toISOString(),
      timeZone: event.timeZone,
      status: event.status,
      goalReached: hasReachedGoal(event.status),
      percentFunded: computeFundingProgress(event.currentSales, event.minimumSales).percentFunded,
      foodTruckName: truck?.businessName ?? truck?.username ?? '',
    },
    lines,
    totals: {
      food: centsToDecimal(totals.food),
      markup: centsToDecimal(totals.markup),
      fee: centsToDecimal(totals.fee),
      total: centsToDecimal(totals.total),
      salesTax: centsToDecimal(totals.salesTax),
      tip: centsToDecimal(totals.tip),
      discount: centsToDecimal(totals.discount),
      gift: centsToDecimal(totals.gift),
      giftFee: centsToDecimal(totals.giftFee),
      charged: centsToDecimal(totals.charged),
    },
    links: {
      event: orderLink(baseUrl, ctx.config.sessionSecret, order),
      receipt: receiptLink(baseUrl, ctx.config.sessionSecret, order),
      calendar: `${baseUrl}/api/events/${event.id}/calendar.ics${pickup ? `?pickup=${encodeURIComponent(pickup.startsAt)}` : ''}`,
      share: `${baseUrl}/events/public/${event.id}`,
      pickupQr: dto.pickupCode ? pickupQrImageUrl(baseUrl, event.id, dto.pickupCode) : null,
    },
  };
}
