-- Orders into one event without a per-event lock (docs/decisions/088-orders-without-an-event-lock.md).
-- 1. Pickup codes are drawn without the per-event advisory lock, which made every order of an event wait
--    for the one before it to commit. A code already taken is skipped as before; two orders drawing the
--    same code at the same instant (about one in 28 million per pair) meet the unique index
--    (event_id, pickup_code), and the app writes the losing order again with a new code.
CREATE OR REPLACE FUNCTION assign_pickup_code() RETURNS trigger AS $$
DECLARE
  alphabet constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  candidate text;
BEGIN
  IF NEW.pickup_code IS NOT NULL THEN
    RETURN NEW;
  END IF;
  LOOP
    candidate := '';
    FOR i IN 1..5 LOOP
      candidate := candidate || substr(alphabet, 1 + floor(random() * length(alphabet))::int, 1);
    END LOOP;
    EXIT WHEN NOT EXISTS (
      SELECT 1 FROM pending_orders WHERE event_id = NEW.event_id AND pickup_code = candidate
    );
  END LOOP;
  NEW.pickup_code := candidate;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- 2. A single-statement write that finds its premise gone half-way (the order changed after the event's
--    sales were taken) aborts itself with serialization_failure, so that nothing of it commits and the
--    caller takes the locking path instead.
CREATE OR REPLACE FUNCTION abort_for_retry(message text) RETURNS boolean AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = '40001', MESSAGE = message;
END;
$$ LANGUAGE plpgsql;
