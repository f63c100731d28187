-- A full or closed pickup slot refuses the checkout with SQLSTATE FT003: FT002 is the promo code's
-- refusal (migration funding-codes-gifts), and each refusal must be told apart (decision 226).
CREATE OR REPLACE FUNCTION take_pickup_slot() RETURNS trigger AS $$
DECLARE
  slot record;
BEGIN
  IF NEW.slot_at IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE event_pickup_slots SET held = held + 1
   WHERE event_id = NEW.event_id AND starts_at = NEW.slot_at
   RETURNING held, capacity, closed INTO slot;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'FT003', MESSAGE = 'pickup_slot_unknown';
  END IF;
  IF slot.closed OR slot.held > slot.capacity THEN
    RAISE EXCEPTION USING ERRCODE = 'FT003', MESSAGE = 'pickup_slot_full';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
