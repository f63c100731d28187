import { and, eq, isNull, sql } from 'drizzle-orm';
import { LIVE_EVENT_STATUSES, type EventStatus } from '../../core/event-status';
import { centsToDecimal } from '../../core/money';
import { canTransitionOrder, countsTowardGoal, type OrderStatus } from '../../core/order-status';
import type { Db } from '../db/client';
import { events, outbox, pendingOrders, statusTransitions } from '../db/schema';
import type { OutgoingMail } from '../outbox/enqueue-mail';

type OrderRow = typeof pendingOrders.$inferSelect;
type OrderPatch = Partial<typeof pendingOrders.$inferInsert>;

export interface AddedOrder {
  order: OrderRow;
  /** The event's status as the statement left it (never changed by it). */
  eventStatus: EventStatus;
}

/** The statuses past the goal: an order counted there can't cross it again. */
const PAST_GOAL: readonly EventStatus[] = LIVE_EVENT_STATUSES.filter((s) => s !== 'approved');

/**
 * The order path's one write (docs/decisions/088-orders-without-an-event-lock.md): an order whose card
 * was just held, saved or charged starts counting toward its event's goal, in a single statement that
 * commits on its own, so the event's row is locked only while that statement runs and commits, never
 * while the app does anything else.
 *
 * The statement adds the order's food to the event's sales only if the event takes orders and the
 * addition does not reach the goal (or the goal was reached before); in the same statement it moves the
 * order on (only from the status it was read in, with the same intents), records the transition and
 * queues the diner's mail. The event's row is locked first, as every other writer does (event, then
 * order), so this never deadlocks with them. If the order changed after it was read, the statement aborts
 * itself (`abort_for_retry`) and nothing commits.
 *
 * Answers null when the fast case does not hold (the event is not taking orders, this order would take
 * it to its goal, or the order changed): the caller then takes the locking path, which decides the goal
 * crossing under the event's lock, exactly once.
 */
export async function addOrderToGoal(
  db: Db,
  order: OrderRow,
  to: OrderStatus,
  options: { now: Date; reason: string; patch: OrderPatch; mail: OutgoingMail | null },
): Promise<AddedOrder | null> {
  const wasCounted = countsTowardGoal({ status: order.status, refundDue: order.refundDueAt != null });
  const willCount = countsTowardGoal({ status: to, refundDue: order.refundDueAt != null });
  if (!canTransitionOrder(order.status, to) || wasCounted || !willCount) return null;

  const { now, reason, patch, mail } = options;
  const at = now.toISOString();
  const food = centsToDecimal(order.subtotalAmount);
  const pastGoal = sql.join(
    PAST_GOAL.map((s) => sql`${s}`),
    sql`, `,
  );
  const moveOrder = db
    .update(pendingOrders)
    .set({ ...patch, status: to, updatedAt: now })
    .where(
      and(
        eq(pendingOrders.id, order.id),
        eq(pendingOrders.status, order.status),
        sql`${pendingOrders.stripePaymentIntentId} is not distinct from ${order.stripePaymentIntentId}`,
        sql`${pendingOrders.stripeSetupIntentId} is not distinct from ${order.stripeSetupIntentId}`,
        isNull(pendingOrders.refundDueAt),
        sql`exists (select 1 from counted_event)`,
      ),
    )
    .returning({ id: pendingOrders.id });
  const queueMail = mail
    ? sql`, queued_mail as (
        insert into ${outbox} (kind, recipient, subject, text_body, html_body, headers, attachments)
        select ${mail.kind}, ${mail.to.trim()}, ${mail.subject}, ${mail.text}, ${mail.html ?? null},
               ${mail.headers ? JSON.stringify(mail.headers) : null}::jsonb,
               ${mail.attachments ? JSON.stringify(mail.attachments) : null}::jsonb
          from moved_order)`
    : sql``;
  const statement = sql`
    with counted_event as (
      update ${events}
         set current_sales = current_sales + ${food}::numeric, updated_at = ${at}::timestamptz
       where id = ${order.eventId}
         and (status in (${pastGoal})
              or (status = 'approved' and current_sales + ${food}::numeric < minimum_sales))
      returning status
    ), moved_order as (${moveOrder.getSQL()}), recorded as (
      insert into ${statusTransitions} (entity, entity_id, from_status, to_status, reason, at)
      select 'order', id, ${order.status}, ${to}, ${reason}, ${at}::timestamptz from moved_order
    )${queueMail}
    select (select status from counted_event) as event_status,
           case when exists (select 1 from counted_event) and not exists (select 1 from moved_order)
                then abort_for_retry('order ' || ${order.id}::text || ' changed while it was being counted')
           end as aborted`;
  let rows: Array<{ event_status: EventStatus | null }>;
  try {
    // Both drivers (node-postgres, PGlite) answer raw statements with `{ rows }`.
    rows = ((await db.execute(statement)) as unknown as { rows: typeof rows }).rows;
  } catch (error) {
    if (isRetryAbort(error)) return null;
    throw error;
  }
  const eventStatus = rows[0]?.event_status;
  if (!eventStatus) return null;
  return { order: { ...order, ...patch, status: to, updatedAt: now } as OrderRow, eventStatus };
}

function isRetryAbort(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '40001' || e?.cause?.code === '40001';
}
