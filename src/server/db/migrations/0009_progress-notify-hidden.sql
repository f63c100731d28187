-- An admin hiding (or unhiding) an event announces it on `event_progress` too, so an instance that
-- streams the event re-reads it and stops letting new viewers in without checking who they are
-- (docs/decisions/028-authorization-matrix.md).
DROP TRIGGER IF EXISTS events_progress_notify ON events;
--> statement-breakpoint
CREATE TRIGGER events_progress_notify
  AFTER UPDATE OF current_sales, status, hidden ON events
  FOR EACH ROW
  WHEN (
    OLD.current_sales IS DISTINCT FROM NEW.current_sales
    OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.hidden IS DISTINCT FROM NEW.hidden
  )
  EXECUTE FUNCTION notify_event_progress();
