ALTER TABLE "events" ADD COLUMN "payouts_opened_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "events_payouts_unopened_idx" ON "events" USING btree ("ends_at") WHERE "events"."status" = 'closed' and "events"."payouts_opened_at" is null;--> statement-breakpoint
CREATE INDEX "payouts_due_idx" ON "payouts" USING btree ("id") WHERE "payouts"."paid_at" is null or "payouts"."planned_reversal" is not null or "payouts"."refund_seq" > "payouts"."checked_seq";--> statement-breakpoint
-- The payout sweep goes by what is due, not by the clock (docs/decisions/176-payouts-swept-by-what-is-due.md).
-- Every change of what a charged order gives back (a refund owed, made, or its amount) raises the
-- event's payouts' refund_seq in the same transaction, whichever code made it; the sweep looks again
-- at a payout while refund_seq > checked_seq.
CREATE OR REPLACE FUNCTION bump_payout_refund_seq() RETURNS trigger AS $$
BEGIN
  UPDATE payouts SET refund_seq = refund_seq + 1 WHERE event_id = NEW.event_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER pending_orders_payout_seq
  AFTER UPDATE OF status, refund_due_at, refunded_at, refunded_amount ON pending_orders
  FOR EACH ROW
  WHEN (
    (OLD.status IN ('charged', 'refunded') OR NEW.status IN ('charged', 'refunded'))
    AND (
      OLD.status IS DISTINCT FROM NEW.status
      OR OLD.refund_due_at IS DISTINCT FROM NEW.refund_due_at
      OR OLD.refunded_at IS DISTINCT FROM NEW.refunded_at
      OR OLD.refunded_amount IS DISTINCT FROM NEW.refunded_amount
    )
  )
  EXECUTE FUNCTION bump_payout_refund_seq();
--> statement-breakpoint
-- A refund since a payout's last check, which the sweep used to find by the clock, is now owed a look.
UPDATE payouts SET refund_seq = refund_seq + 1
WHERE paid_at IS NOT NULL AND EXISTS (
  SELECT 1 FROM pending_orders o
  WHERE o.event_id = payouts.event_id
    AND (o.refunded_at > payouts.checked_at OR o.refund_due_at > payouts.checked_at)
);
--> statement-breakpoint
UPDATE events SET payouts_opened_at = p.opened_at
FROM (SELECT event_id, min(created_at) AS opened_at FROM payouts GROUP BY event_id) p
WHERE p.event_id = events.id;
