import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { CHARGE_NOW_EVENT_STATUSES, type EventStatus } from '../../core/event-status';
import { centsToDecimal } from '../../core/money';
import { canTransitionOrder, type OrderStatus } from '../../core/order-status';
import { planOrderMove } from '../../core/status-plan';
import type { Db } from '../db/client';
import { perDatabase, prepareStatement, type PreparedStatement } from '../db/prepared';
import { events, outbox, pendingOrders, statusTransitions } from '../db/schema';
import type { OutgoingMail } from '../outbox/enqueue-mail';
import { orderState } from './order-engine';

type OrderRow = typeof pendingOrders.$inferSelect;
type OrderPatch = Partial<typeof pendingOrders.$inferInsert>;

export interface AddedOrder {
  order: OrderRow;
  /** The event's status as the statement left it (never changed by it). */
  eventStatus: EventStatus;
}

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
  const { now, reason, patch, mail } = options;
  if (!canTransitionOrder(order.status, to)) return null;
  const plan = planOrderMove(orderState(order), to, { at: now, reason });
  // Only an order that starts counting takes this path: its food is what the statement adds.
  if (plan.salesDelta <= 0) return null;
  const patchKeys = (Object.keys(patch) as Array<keyof OrderPatch>).filter((key) => patch[key] !== undefined);
  const values: Record<string, unknown> = {
    eventId: order.eventId,
    food: centsToDecimal(plan.salesDelta),
    at: now.toISOString(),
    orderId: order.id,
    from: order.status,
    to,
    paymentIntentId: order.stripePaymentIntentId,
    setupIntentId: order.stripeSetupIntentId,
    reason,
  };
  for (const key of patchKeys) {
    const value = patch[key];
    if (value !== null) values[`patch_${key}`] = pendingOrders[key].mapToDriverValue(value as never);
  }
  if (mail) {
    Object.assign(values, {
      mailKind: mail.kind,
      mailTo: mail.to.trim(),
      mailSubject: mail.subject,
      mailText: mail.text,
      mailHtml: mail.html ?? null,
      mailHeaders: mail.headers ? JSON.stringify(mail.headers) : null,
      mailAttachments: mail.attachments ? JSON.stringify(mail.attachments) : null,
      mailThread: mail.thread ?? null,
    });
  }
  const shape: StatementShape = {
    patch: patchKeys.map((key) => ({ key, isNull: patch[key] === null })),
    mail: mail !== null,
  };
  let rows: Array<{ event_status: EventStatus | null }>;
  try {
    rows = await countingStatement(db, shape).run(values);
  } catch (error) {
    if (isRetryAbort(error)) return null;
    throw error;
  }
  const eventStatus = rows[0]?.event_status;
  if (!eventStatus) return null;
  return { order: { ...order, ...patch, status: to, updatedAt: now } as OrderRow, eventStatus };
}

/** What the statement's text depends on: the columns the patch sets (and which to null), and the mail. */
interface StatementShape {
  patch: Array<{ key: keyof OrderPatch; isNull: boolean }>;
  mail: boolean;
}

const value = sql.placeholder;

/**
 * The statement of each shape, built and prepared once per database (decision 095): the order path
 * runs a handful of shapes (a hold, a charge, a saved card), each thousands of times.
 */
const countingStatements = perDatabase(
  () => new Map<string, PreparedStatement<{ event_status: EventStatus | null }>>(),
);

function countingStatement(db: Db, shape: StatementShape) {
  const statements = countingStatements(db);
  const key = JSON.stringify(shape);
  let statement = statements.get(key);
  if (!statement) {
    statement = prepareStatement(db, `orders_add_to_goal_${statements.size + 1}`, countingSql(db, shape));
    statements.set(key, statement);
  }
  return statement;
}

function countingSql(db: Db, shape: StatementShape): SQL {
  const pastGoal = sql.join(
    // Past the goal and taking orders: an order counted there can't cross it again.
    CHARGE_NOW_EVENT_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const set: Record<string, SQL> = {
    status: sql`${value('to')}`,
    updatedAt: sql`${value('at')}::timestamptz`,
  };
  for (const { key, isNull } of shape.patch) set[key] = isNull ? sql`null` : sql`${value(`patch_${key}`)}`;
  const moveOrder = db
    .update(pendingOrders)
    .set(set as PgUpdateSetSource<typeof pendingOrders>)
    .where(
      and(
        eq(pendingOrders.id, value('orderId')),
        sql`${pendingOrders.status} = ${value('from')}`,
        sql`${pendingOrders.stripePaymentIntentId} is not distinct from ${value('paymentIntentId')}::text`,
        sql`${pendingOrders.stripeSetupIntentId} is not distinct from ${value('setupIntentId')}::text`,
        isNull(pendingOrders.refundDueAt),
        sql`exists (select 1 from counted_event)`,
      ),
    )
    .returning({ id: pendingOrders.id });
  const queueMail = shape.mail
    ? sql`, queued_mail as (
        insert into ${outbox} (kind, recipient, subject, text_body, html_body, headers, attachments, thread)
        select ${value('mailKind')}, ${value('mailTo')}, ${value('mailSubject')}, ${value('mailText')},
               ${value('mailHtml')}::text, ${value('mailHeaders')}::jsonb, ${value('mailAttachments')}::jsonb,
               ${value('mailThread')}::text
          from moved_order)`
    : sql``;
  return sql`
    with counted_event as (
      update ${events}
         set current_sales = current_sales + ${value('food')}::numeric, updated_at = ${value('at')}::timestamptz
       where id = ${value('eventId')}
         and starts_at > ${value('at')}::timestamptz
         and (status in (${pastGoal})
              or (status = 'approved' and current_sales + ${value('food')}::numeric < minimum_sales))
      returning status
    ), moved_order as (${moveOrder.getSQL()}), recorded as (
      insert into ${statusTransitions} (entity, entity_id, from_status, to_status, reason, at)
      select 'order', id, ${value('from')}::text, ${value('to')}::text, ${value('reason')}::text,
             ${value('at')}::timestamptz
        from moved_order
    )${queueMail}
    select (select status from counted_event) as event_status,
           case when exists (select 1 from counted_event) and not exists (select 1 from moved_order)
                then abort_for_retry('order ' || ${value('orderId')}::text || ' changed while it was being counted')
           end as aborted`;
}

function isRetryAbort(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '40001' || e?.cause?.code === '40001';
}
