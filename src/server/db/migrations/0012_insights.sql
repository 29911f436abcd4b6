CREATE TABLE "insight_daily" (
	"day" date NOT NULL,
	"hostel" text NOT NULL,
	"category" text NOT NULL,
	"filed" integer DEFAULT 0 NOT NULL,
	"acknowledged" integer DEFAULT 0 NOT NULL,
	"resolved" integer DEFAULT 0 NOT NULL,
	"resolved_on_time" integer DEFAULT 0 NOT NULL,
	"reopened" integer DEFAULT 0 NOT NULL,
	"ack_hist" integer[] NOT NULL,
	"resolve_hist" integer[] NOT NULL,
	"ratings" integer[] NOT NULL,
	CONSTRAINT "insight_daily_day_hostel_category_pk" PRIMARY KEY("day","hostel","category")
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "insights_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_insights_digest_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "complaints_overdue_insights_idx" ON "complaints" USING btree ("due_at","hostel","category") WHERE "complaints"."status" in ('submitted', 'acknowledged', 'in_progress', 'reopened');--> statement-breakpoint
CREATE INDEX "complaints_recurring_rooms_idx" ON "complaints" USING btree ("created_at","hostel","room_no","category") WHERE not "complaints"."confidential";
--> statement-breakpoint
-- Insights rollup (decision 26). Durations go into histogram buckets whose upper bounds, in minutes,
-- are INSIGHT_DURATION_BOUNDS_MINUTES in src/shared/insights.ts (27 buckets: under 5 minutes, …,
-- 30 days and more); a test checks the two lists agree.
CREATE OR REPLACE FUNCTION insight_bucket(seconds double precision) RETURNS int LANGUAGE sql IMMUTABLE AS $$
  SELECT width_bucket(greatest(seconds, 0) / 60.0,
    ARRAY[5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720, 960, 1440, 2160, 2880, 4320, 5760, 7200, 10080, 14400, 20160, 30240, 43200]::double precision[]) + 1
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION insight_bucket_count() RETURNS int LANGUAGE sql IMMUTABLE AS $$ SELECT 27 $$;
--> statement-breakpoint
-- An array of n zeros with `v` at position i (nothing when i is null).
CREATE OR REPLACE FUNCTION insight_one_hot(i int, n int, v int DEFAULT 1) RETURNS int[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg(CASE WHEN g = i THEN v ELSE 0 END ORDER BY g) FROM generate_series(1, n) g
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION insight_array_add(a int[], b int[]) RETURNS int[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg(coalesce(x, 0) + coalesce(y, 0) ORDER BY i) FROM unnest(a, b) WITH ORDINALITY AS u(x, y, i)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION insight_bump(p_day date, p_hostel text, p_category text, p_filed int, p_ack int, p_resolved int,
    p_on_time int, p_reopened int, p_ack_hist int[], p_resolve_hist int[], p_ratings int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO insight_daily AS t (day, hostel, category, filed, acknowledged, resolved, resolved_on_time, reopened, ack_hist, resolve_hist, ratings)
  VALUES (p_day, p_hostel, p_category, p_filed, p_ack, p_resolved, p_on_time, p_reopened,
    coalesce(p_ack_hist, array_fill(0, ARRAY[insight_bucket_count()])),
    coalesce(p_resolve_hist, array_fill(0, ARRAY[insight_bucket_count()])),
    coalesce(p_ratings, array_fill(0, ARRAY[5])))
  ON CONFLICT (day, hostel, category) DO UPDATE SET
    filed = t.filed + EXCLUDED.filed,
    acknowledged = t.acknowledged + EXCLUDED.acknowledged,
    resolved = t.resolved + EXCLUDED.resolved,
    resolved_on_time = t.resolved_on_time + EXCLUDED.resolved_on_time,
    reopened = t.reopened + EXCLUDED.reopened,
    ack_hist = CASE WHEN p_ack_hist IS NULL THEN t.ack_hist ELSE insight_array_add(t.ack_hist, EXCLUDED.ack_hist) END,
    resolve_hist = CASE WHEN p_resolve_hist IS NULL THEN t.resolve_hist ELSE insight_array_add(t.resolve_hist, EXCLUDED.resolve_hist) END,
    ratings = CASE WHEN p_ratings IS NULL THEN t.ratings ELSE insight_array_add(t.ratings, EXCLUDED.ratings) END
$$;
--> statement-breakpoint
-- The team's first response: the moment the status first leaves 'submitted' by the team's hand
-- (a student withdrawing it is no response).
CREATE OR REPLACE FUNCTION complaints_set_acknowledged_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.acknowledged_at IS NULL AND OLD.status = 'submitted' AND NEW.status NOT IN ('submitted', 'withdrawn') THEN
    NEW.acknowledged_at := now();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER complaints_acknowledged_at BEFORE UPDATE OF status ON complaints
  FOR EACH ROW EXECUTE FUNCTION complaints_set_acknowledged_at();
--> statement-breakpoint
-- insight_daily follows complaints in the same transaction. A row inserted with its history already
-- filled in (an import) counts exactly as insight_daily_rebuild() would count it.
CREATE OR REPLACE FUNCTION insight_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n int := insight_bucket_count();
  today date := (now() AT TIME ZONE 'UTC')::date;
  done_at timestamptz;
  delta int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM insight_bump((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.hostel, NEW.category, 1, 0, 0, 0, 0, NULL, NULL, NULL);
  END IF;
  IF NEW.acknowledged_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.acknowledged_at IS NULL) THEN
    PERFORM insight_bump((NEW.acknowledged_at AT TIME ZONE 'UTC')::date, NEW.hostel, NEW.category, 0, 1, 0, 0, 0,
      insight_one_hot(insight_bucket(extract(epoch FROM NEW.acknowledged_at - NEW.created_at)), n), NULL, NULL);
  END IF;
  IF (TG_OP = 'INSERT' AND NEW.resolved_at IS NOT NULL)
     OR (TG_OP = 'UPDATE' AND NEW.status = 'resolved' AND OLD.status IS DISTINCT FROM 'resolved') THEN
    done_at := coalesce(NEW.resolved_at, now());
    PERFORM insight_bump((done_at AT TIME ZONE 'UTC')::date, NEW.hostel, NEW.category, 0, 0, 1, (done_at <= NEW.due_at)::int, 0,
      NULL, insight_one_hot(insight_bucket(extract(epoch FROM done_at - NEW.created_at)), n), NULL);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status = 'reopened' AND OLD.status IS DISTINCT FROM 'reopened' THEN
    PERFORM insight_bump(today, NEW.hostel, NEW.category, 0, 0, 0, 0, 1, NULL, NULL, NULL);
  END IF;
  IF TG_OP = 'INSERT' AND NEW.rating IS NOT NULL THEN
    PERFORM insight_bump((NEW.updated_at AT TIME ZONE 'UTC')::date, NEW.hostel, NEW.category, 0, 0, 0, 0, 0, NULL, NULL, insight_one_hot(NEW.rating, 5));
  ELSIF TG_OP = 'UPDATE' AND NEW.rating IS DISTINCT FROM OLD.rating THEN
    delta := insight_array_add(insight_one_hot(NEW.rating, 5), insight_one_hot(OLD.rating, 5, -1));
    PERFORM insight_bump(today, NEW.hostel, NEW.category, 0, 0, 0, 0, 0, NULL, NULL, delta);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER insight_daily_insert AFTER INSERT ON complaints
  FOR EACH ROW EXECUTE FUNCTION insight_daily_apply();
--> statement-breakpoint
CREATE TRIGGER insight_daily_update AFTER UPDATE OF status, rating, acknowledged_at ON complaints
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.rating IS DISTINCT FROM NEW.rating
    OR OLD.acknowledged_at IS DISTINCT FROM NEW.acknowledged_at)
  EXECUTE FUNCTION insight_daily_apply();
--> statement-breakpoint
-- Rebuilds the whole rollup from complaints and their timeline in one pass (the backfill below, and
-- bulk loads that disable the triggers, as the benchmark does).
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
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, hostel, category, 'filed' AS what, NULL::int AS ack_b, NULL::int AS res_b, false AS on_time, NULL::int AS rating
        FROM complaints
      UNION ALL
      SELECT (acknowledged_at AT TIME ZONE 'UTC')::date, hostel, category, 'ack', insight_bucket(extract(epoch FROM acknowledged_at - created_at)), NULL, false, NULL
        FROM complaints WHERE acknowledged_at IS NOT NULL
      UNION ALL
      SELECT (resolved_at AT TIME ZONE 'UTC')::date, hostel, category, 'res', NULL, insight_bucket(extract(epoch FROM resolved_at - created_at)), resolved_at <= due_at, NULL
        FROM complaints WHERE resolved_at IS NOT NULL
      UNION ALL
      SELECT (e.created_at AT TIME ZONE 'UTC')::date, c.hostel, c.category, 'reopened', NULL, NULL, false, NULL
        FROM complaint_events e JOIN complaints c ON c.id = e.complaint_id WHERE e.kind = 'status' AND e.to_status = 'reopened'
      UNION ALL
      SELECT (updated_at AT TIME ZONE 'UTC')::date, hostel, category, 'rating', NULL, NULL, false, rating
        FROM complaints WHERE rating IS NOT NULL
    ) ev
    GROUP BY day, hostel, category$f$, ack_cols, res_cols);
END;
$$;
--> statement-breakpoint
UPDATE complaints c SET acknowledged_at = first.at
  FROM (SELECT complaint_id, min(created_at) AS at FROM complaint_events
        WHERE kind = 'status' AND from_status = 'submitted' AND to_status NOT IN ('submitted', 'withdrawn') GROUP BY complaint_id) first
  WHERE first.complaint_id = c.id AND c.acknowledged_at IS NULL;
--> statement-breakpoint
SELECT insight_daily_rebuild();
--> statement-breakpoint
-- One CSV cell, exactly as csvCell in modules/insights/export.ts writes it (a test compares them):
-- quoted when it holds a quote, comma or line break; a leading apostrophe on text a spreadsheet would
-- run as a formula. The queue export has PostgreSQL write most of each line with it.
CREATE OR REPLACE FUNCTION csv_cell(v text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN v IS NULL THEN ''
    WHEN v ~ '[",\r\n]' THEN '"' || CASE WHEN left(v, 1) IN ('-', '=', '+', '@', E'\t', E'\r') THEN '''' ELSE '' END || replace(v, '"', '""') || '"'
    WHEN left(v, 1) IN ('-', '=', '+', '@', E'\t') THEN '''' || v
    ELSE v
  END
$$;
