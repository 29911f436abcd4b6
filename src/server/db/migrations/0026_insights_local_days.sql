-- Hand-written (issue 28, decision 53): keep this block when the migration is renumbered.
-- The insights rollup counts each event on the university's calendar day (university.time_zone,
-- default Asia/Kolkata), not UTC's: a complaint filed at 04:00 in India is that day's, not the day
-- before's. Weeks follow from the days (date_trunc('week') of a local day is its local Monday).
-- The zone is one primary-key row, read once per statement.
CREATE OR REPLACE FUNCTION university_time_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT time_zone FROM university WHERE id = 1), 'Asia/Kolkata')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION insight_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n int := insight_bucket_count();
  zone text := university_time_zone();
  today date := (now() AT TIME ZONE zone)::date;
  done_at timestamptz;
  delta int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM insight_bump((NEW.created_at AT TIME ZONE zone)::date, NEW.hostel, NEW.category, 1, 0, 0, 0, 0, NULL, NULL, NULL);
  END IF;
  IF NEW.acknowledged_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.acknowledged_at IS NULL) THEN
    PERFORM insight_bump((NEW.acknowledged_at AT TIME ZONE zone)::date, NEW.hostel, NEW.category, 0, 1, 0, 0, 0,
      insight_one_hot(insight_bucket(extract(epoch FROM NEW.acknowledged_at - NEW.created_at)), n), NULL, NULL);
  END IF;
  IF (TG_OP = 'INSERT' AND NEW.resolved_at IS NOT NULL)
     OR (TG_OP = 'UPDATE' AND NEW.status = 'resolved' AND OLD.status IS DISTINCT FROM 'resolved') THEN
    done_at := coalesce(NEW.resolved_at, now());
    PERFORM insight_bump((done_at AT TIME ZONE zone)::date, NEW.hostel, NEW.category, 0, 0, 1, (done_at <= NEW.due_at)::int, 0,
      NULL, insight_one_hot(insight_bucket(extract(epoch FROM done_at - NEW.created_at)), n), NULL);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status = 'reopened' AND OLD.status IS DISTINCT FROM 'reopened' THEN
    PERFORM insight_bump(today, NEW.hostel, NEW.category, 0, 0, 0, 0, 1, NULL, NULL, NULL);
  END IF;
  IF TG_OP = 'INSERT' AND NEW.rating IS NOT NULL THEN
    PERFORM insight_bump((NEW.updated_at AT TIME ZONE zone)::date, NEW.hostel, NEW.category, 0, 0, 0, 0, 0, NULL, NULL, insight_one_hot(NEW.rating, 5));
  ELSIF TG_OP = 'UPDATE' AND NEW.rating IS DISTINCT FROM OLD.rating THEN
    delta := insight_array_add(insight_one_hot(NEW.rating, 5), insight_one_hot(OLD.rating, 5, -1));
    PERFORM insight_bump(today, NEW.hostel, NEW.category, 0, 0, 0, 0, 0, NULL, NULL, delta);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION insight_daily_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ack_cols text;
  res_cols text;
BEGIN
  SELECT string_agg(format('count(*) FILTER (WHERE ack_b = %s)::int', g), ', ' ORDER BY g) INTO ack_cols
    FROM generate_series(1, insight_bucket_count()) g;
  SELECT string_agg(format('count(*) FILTER (WHERE res_b = %s)::int', g), ', ' ORDER BY g) INTO res_cols
    FROM generate_series(1, insight_bucket_count()) g;
  DELETE FROM insight_daily;
  EXECUTE format($f$
    INSERT INTO insight_daily (day, hostel, category, filed, acknowledged, resolved, resolved_on_time, reopened, ack_hist, resolve_hist, ratings)
    WITH z AS (SELECT university_time_zone() AS zone)
    SELECT day, hostel, category,
      count(*) FILTER (WHERE what = 'filed')::int,
      count(*) FILTER (WHERE what = 'ack')::int,
      count(*) FILTER (WHERE what = 'res')::int,
      count(*) FILTER (WHERE what = 'res' AND on_time)::int,
      count(*) FILTER (WHERE what = 'reopened')::int,
      ARRAY[%s], ARRAY[%s],
      ARRAY[count(*) FILTER (WHERE rating = 1)::int, count(*) FILTER (WHERE rating = 2)::int, count(*) FILTER (WHERE rating = 3)::int,
            count(*) FILTER (WHERE rating = 4)::int, count(*) FILTER (WHERE rating = 5)::int]
    FROM (
      SELECT (created_at AT TIME ZONE z.zone)::date AS day, hostel, category, 'filed' AS what, NULL::int AS ack_b, NULL::int AS res_b, false AS on_time, NULL::int AS rating
        FROM complaints, z
      UNION ALL
      SELECT (acknowledged_at AT TIME ZONE z.zone)::date, hostel, category, 'ack', insight_bucket(extract(epoch FROM acknowledged_at - created_at)), NULL, false, NULL
        FROM complaints, z WHERE acknowledged_at IS NOT NULL
      UNION ALL
      SELECT (resolved_at AT TIME ZONE z.zone)::date, hostel, category, 'res', NULL, insight_bucket(extract(epoch FROM resolved_at - created_at)), resolved_at <= due_at, NULL
        FROM complaints, z WHERE resolved_at IS NOT NULL
      UNION ALL
      SELECT (e.created_at AT TIME ZONE z.zone)::date, c.hostel, c.category, 'reopened', NULL, NULL, false, NULL
        FROM complaint_events e JOIN complaints c ON c.id = e.complaint_id, z WHERE e.kind = 'status' AND e.to_status = 'reopened'
      UNION ALL
      SELECT (updated_at AT TIME ZONE z.zone)::date, hostel, category, 'rating', NULL, NULL, false, rating
        FROM complaints, z WHERE rating IS NOT NULL
    ) ev
    GROUP BY day, hostel, category$f$, ack_cols, res_cols);
END;
$$;
--> statement-breakpoint
-- A change of the profile's time zone re-buckets every figure in the transaction that saves it: the
-- dashboard never shows days of two clocks at once. A rebuild reads each complaint a few times; at
-- the portal's size (tens of thousands a year) that is well under a second, and zones change rarely.
-- A zone PostgreSQL does not know is refused here, before it could stop every filing's trigger.
CREATE OR REPLACE FUNCTION university_time_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM now() AT TIME ZONE NEW.time_zone;
  PERFORM insight_daily_rebuild();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER university_time_zone_rebuckets AFTER UPDATE OF time_zone ON university
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone)
  EXECUTE FUNCTION university_time_zone_changed();
--> statement-breakpoint
SELECT insight_daily_rebuild();
