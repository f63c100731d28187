-- Every pre-order gets a short pickup code, unique within its event, when it is written
-- (docs/decisions/030-pickup-codes.md). A trigger, so that every path that inserts an order gets one.
-- The per-event advisory lock makes concurrent inserts for one event pick codes one after the other;
-- the unique index (event_id, pickup_code) stays the last guard.
CREATE OR REPLACE FUNCTION assign_pickup_code() RETURNS trigger AS $$
DECLARE
  alphabet constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  candidate text;
BEGIN
  IF NEW.pickup_code IS NOT NULL THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('pickup_code'), NEW.event_id);
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
CREATE TRIGGER pending_orders_pickup_code
  BEFORE INSERT ON pending_orders
  FOR EACH ROW EXECUTE FUNCTION assign_pickup_code();
--> statement-breakpoint
-- Orders placed before codes existed: the trigger runs on insert only, so give them one here.
DO $$
DECLARE
  alphabet constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  candidate text;
  missing record;
BEGIN
  FOR missing IN SELECT id, event_id FROM pending_orders WHERE pickup_code IS NULL ORDER BY id LOOP
    LOOP
      candidate := '';
      FOR i IN 1..5 LOOP
        candidate := candidate || substr(alphabet, 1 + floor(random() * length(alphabet))::int, 1);
      END LOOP;
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM pending_orders WHERE event_id = missing.event_id AND pickup_code = candidate
      );
    END LOOP;
    UPDATE pending_orders SET pickup_code = candidate WHERE id = missing.id;
  END LOOP;
END;
$$;
