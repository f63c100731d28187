-- Cached public reads (docs/decisions/080-cached-public-reads.md): every change to a row that a public
-- answer shows announces what it touched on the `public_read` channel, inside the changing transaction,
-- so every instance drops its cached answer when the change commits. Order status changes are announced
-- on `event_progress` already (migration progress-notify). A new table whose rows an event, list or menu
-- answer shows needs a trigger here too.
CREATE OR REPLACE FUNCTION notify_public_read() RETURNS trigger AS $$
DECLARE
  row_value record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    row_value := OLD;
  ELSE
    row_value := NEW;
  END IF;
  IF TG_TABLE_NAME = 'events' THEN
    PERFORM pg_notify('public_read', 'event:' || row_value.id);
  ELSIF TG_TABLE_NAME = 'event_menu_items' THEN
    PERFORM pg_notify('public_read', 'event:' || row_value.event_id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('public_read', 'user:' || row_value.id);
  ELSIF TG_TABLE_NAME = 'menu_items' THEN
    PERFORM pg_notify('public_read', 'menu:' || row_value.food_truck_id);
    IF TG_OP = 'UPDATE' AND OLD.food_truck_id IS DISTINCT FROM NEW.food_truck_id THEN
      PERFORM pg_notify('public_read', 'menu:' || OLD.food_truck_id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER events_public_read_write
  AFTER INSERT OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION notify_public_read();
--> statement-breakpoint
CREATE TRIGGER events_public_read_update
  AFTER UPDATE ON events
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION notify_public_read();
--> statement-breakpoint
CREATE TRIGGER event_menu_items_public_read
  AFTER INSERT OR UPDATE OR DELETE ON event_menu_items
  FOR EACH ROW EXECUTE FUNCTION notify_public_read();
--> statement-breakpoint
CREATE TRIGGER users_public_read
  AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_public_read();
--> statement-breakpoint
CREATE TRIGGER menu_items_public_read
  AFTER INSERT OR UPDATE OR DELETE ON menu_items
  FOR EACH ROW EXECUTE FUNCTION notify_public_read();
