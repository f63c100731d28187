-- Live progress (docs/decisions/040-live-progress.md): every change to an event's sales or status,
-- and every order status change (which may move its backer count), announces the event's id on the
-- `event_progress` channel. NOTIFY is delivered at commit, once per distinct payload per transaction,
-- so the money engine needs no code of its own for it.
CREATE OR REPLACE FUNCTION notify_event_progress() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'events' THEN
    PERFORM pg_notify('event_progress', NEW.id::text);
  ELSE
    PERFORM pg_notify('event_progress', NEW.event_id::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER events_progress_notify
  AFTER UPDATE OF current_sales, status ON events
  FOR EACH ROW
  WHEN (OLD.current_sales IS DISTINCT FROM NEW.current_sales OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION notify_event_progress();
--> statement-breakpoint
CREATE TRIGGER pending_orders_progress_notify_insert
  AFTER INSERT ON pending_orders
  FOR EACH ROW
  WHEN (NEW.status IN ('confirmed', 'charged'))
  EXECUTE FUNCTION notify_event_progress();
--> statement-breakpoint
CREATE TRIGGER pending_orders_progress_notify_update
  AFTER UPDATE OF status ON pending_orders
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION notify_event_progress();
