-- Hand-written (issue 29): keep this block when the migration is renumbered.
-- complaint_counts and insight_daily have one row per (category, hostel, status) and per (day, hostel,
-- category): every filing of the same kind in the same hostel updates the same two rows, and an
-- immediate trigger held their locks from the complaint's INSERT until COMMIT, across every statement
-- the filing sends after it (timeline, links, mail, bells), so concurrent filings waited in line on
-- them. Deferred to commit, the triggers take those locks only for the commit itself. The counts are
-- the same: each row event still applies, with its own OLD and NEW, before the transaction commits.
DROP TRIGGER complaint_counts_insert_delete ON complaints;
--> statement-breakpoint
DROP TRIGGER complaint_counts_update ON complaints;
--> statement-breakpoint
DROP TRIGGER insight_daily_insert ON complaints;
--> statement-breakpoint
DROP TRIGGER insight_daily_update ON complaints;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER complaint_counts_insert_delete AFTER INSERT OR DELETE ON complaints
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION complaint_counts_apply();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER complaint_counts_update AFTER UPDATE OF category, hostel, status ON complaints
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.category IS DISTINCT FROM NEW.category OR OLD.hostel IS DISTINCT FROM NEW.hostel OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION complaint_counts_apply();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER insight_daily_insert AFTER INSERT ON complaints
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION insight_daily_apply();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER insight_daily_update AFTER UPDATE OF status, rating, acknowledged_at ON complaints
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.rating IS DISTINCT FROM NEW.rating
    OR OLD.acknowledged_at IS DISTINCT FROM NEW.acknowledged_at)
  EXECUTE FUNCTION insight_daily_apply();
