-- complaint_counts follows complaints in the same transaction: +1 for the new (category, hostel,
-- status), -1 for the old. The consoles read counts from here instead of counting complaints.
CREATE OR REPLACE FUNCTION complaint_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE complaint_counts SET count = count - 1
      WHERE category = OLD.category AND hostel = OLD.hostel AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO complaint_counts (category, hostel, status, count) VALUES (NEW.category, NEW.hostel, NEW.status, 1)
      ON CONFLICT (category, hostel, status) DO UPDATE SET count = complaint_counts.count + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER complaint_counts_insert_delete AFTER INSERT OR DELETE ON complaints
  FOR EACH ROW EXECUTE FUNCTION complaint_counts_apply();
--> statement-breakpoint
CREATE TRIGGER complaint_counts_update AFTER UPDATE OF category, hostel, status ON complaints
  FOR EACH ROW WHEN (OLD.category IS DISTINCT FROM NEW.category OR OLD.hostel IS DISTINCT FROM NEW.hostel OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION complaint_counts_apply();
--> statement-breakpoint
INSERT INTO complaint_counts (category, hostel, status, count)
  SELECT category, hostel, status, count(*)::int FROM complaints GROUP BY category, hostel, status
  ON CONFLICT (category, hostel, status) DO UPDATE SET count = EXCLUDED.count;
--> statement-breakpoint
UPDATE complaints SET confidential = true WHERE category = 'other' AND sub_category = 'Ragging';
