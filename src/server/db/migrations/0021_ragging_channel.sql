CREATE TABLE "ragging_inspections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hostel" text NOT NULL,
	"inspected_at" timestamp with time zone NOT NULL,
	"findings" text NOT NULL,
	"squad" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "complaint_events" DROP CONSTRAINT "complaint_events_kind_check";--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "place_kind" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "place_text" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "tracking_code" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "secret_hash" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "fir_decision" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "fir_decision_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "fir_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "fir_decided_by" uuid;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "fir_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "enquiry_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "enquiry_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "enquiry_closed_by" uuid;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "enquiry_outcome" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "fir_escalation_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "enquiry_escalation_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "university" ADD COLUMN "ragging_helpline" text DEFAULT '1800-180-5522' NOT NULL;--> statement-breakpoint
ALTER TABLE "university" ADD COLUMN "committee_name" text DEFAULT 'Anti-Ragging Committee' NOT NULL;--> statement-breakpoint
ALTER TABLE "university" ADD COLUMN "committee_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "university" ADD COLUMN "committee_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "university" ADD COLUMN "nodal_officer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "university" ADD COLUMN "nodal_officer_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "university" ADD COLUMN "nodal_officer_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "university" ADD COLUMN "head_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "university" ADD COLUMN "head_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ragging_inspections" ADD CONSTRAINT "ragging_inspections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ragging_inspections_inspected_idx" ON "ragging_inspections" USING btree ("inspected_at");--> statement-breakpoint
CREATE INDEX "ragging_inspections_hostel_idx" ON "ragging_inspections" USING btree ("hostel","inspected_at");--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_fir_decided_by_users_id_fk" FOREIGN KEY ("fir_decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_enquiry_closed_by_users_id_fk" FOREIGN KEY ("enquiry_closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_tracking_code_key" ON "complaints" USING btree ("tracking_code");--> statement-breakpoint
CREATE INDEX "complaints_fir_clock_idx" ON "complaints" USING btree ("fir_due_at") WHERE "complaints"."fir_due_at" is not null and "complaints"."fir_decision" is null;--> statement-breakpoint
CREATE INDEX "complaints_enquiry_clock_idx" ON "complaints" USING btree ("enquiry_due_at") WHERE "complaints"."enquiry_due_at" is not null and "complaints"."enquiry_closed_at" is null;--> statement-breakpoint
ALTER TABLE "complaint_events" ADD CONSTRAINT "complaint_events_kind_check" CHECK ("complaint_events"."kind" in ('status', 'reply', 'note', 'assignment', 'escalation', 'merge', 'follow', 'incident', 'ragging'));--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_place_kind_check" CHECK ("complaints"."place_kind" is null or "complaints"."place_kind" in ('hostel', 'campus', 'other'));--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_room_check" CHECK ("complaints"."room_no" <> '' or "complaints"."place_kind" is not null);--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_fir_decision_check" CHECK ("complaints"."fir_decision" is null or "complaints"."fir_decision" in ('needed', 'not_needed'));--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_enquiry_outcome_check" CHECK ("complaints"."enquiry_outcome" is null or "complaints"."enquiry_outcome" in ('action_taken', 'not_established', 'referred'));--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_clock_levels_check" CHECK ("complaints"."fir_escalation_level" between 0 and 2 and "complaints"."enquiry_escalation_level" between 0 and 2);--> statement-breakpoint
-- Decision 40: ragging is a channel of its own. The anti-ragging contacts get demo values at the
-- university's first e-mail domain (an administrator replaces them in the console); phone numbers
-- are left empty rather than invented. The national helpline is the column's default.
UPDATE "university" SET
  "committee_email" = 'anti.ragging.committee@' || "allowed_domains"[1],
  "nodal_officer_name" = 'Nodal Officer (Anti-Ragging)',
  "nodal_officer_email" = 'nodal.antiragging@' || "allowed_domains"[1],
  "head_name" = 'Vice-Chancellor',
  "head_email" = 'vice.chancellor@' || "allowed_domains"[1],
  "catalog_version" = "catalog_version" + 1
WHERE "id" = 1;--> statement-breakpoint
-- Every anonymous report is filed under this one user: disabled (it can never sign in), every
-- channel off, and the lifecycle tells it nothing.
INSERT INTO "users" ("email", "display_name", "name", "fname", "role", "disabled_at", "new_work_mail", "insights_digest", "notify_push", "notify_mail", "notify_bell")
VALUES ('anonymous@invalid', 'Anonymous', 'Anonymous', '', 'student', now(), 'none', false, false, false, false)
ON CONFLICT ("email") DO NOTHING;--> statement-breakpoint
INSERT INTO "categories" ("key", "card_title", "complaint_head", "description", "sub_categories", "confidential", "target_hours", "routing_key", "position")
VALUES ('ragging', 'Report ragging', 'Ragging Complaint',
  'Confidential: goes to the anti-ragging committee, never the hostel office. You may leave your room out.',
  '[{"name":"Physical","confidential":true},{"name":"Verbal / abuse","confidential":true},{"name":"Forced to do something","confidential":true},{"name":"Online","confidential":true},{"name":"Other","confidential":true}]',
  true, 24, 'ragging', (SELECT coalesce(max("position"), 0) + 1 FROM "categories"))
-- A category an administrator already made with this key is kept, only made confidential.
ON CONFLICT ("key") DO UPDATE SET "confidential" = true;--> statement-breakpoint
INSERT INTO "routing_rules" ("routing_key", "hostel", "to_emails", "cc_emails")
SELECT 'ragging', '', ARRAY["committee_email"], ARRAY["nodal_officer_email"] FROM "university" WHERE "id" = 1
ON CONFLICT ("routing_key", "hostel") DO NOTHING;--> statement-breakpoint
-- Ragging leaves Others (which keeps its other kinds, and at least one).
UPDATE "categories" SET
  "sub_categories" = (
    SELECT jsonb_agg(e ORDER BY n) FROM jsonb_array_elements("sub_categories") WITH ORDINALITY AS s(e, n)
    WHERE lower(e->>'name') <> 'ragging'),
  "description" = CASE WHEN "description" = 'Ragging, theft or anything else that needs attention.'
    THEN 'Theft or anything else that needs attention.' ELSE "description" END,
  "updated_at" = now()
WHERE "key" = 'other'
  AND EXISTS (SELECT 1 FROM jsonb_array_elements("categories"."sub_categories") e WHERE lower(e->>'name') = 'ragging')
  AND EXISTS (SELECT 1 FROM jsonb_array_elements("categories"."sub_categories") e WHERE lower(e->>'name') <> 'ragging');--> statement-breakpoint
-- Confidential Others → Ragging complaints already filed are ragging reports: they move to the
-- category (keeping the sub-category they were filed with). The open ones go to the committee from
-- now on, and their statutory clocks start now; each gets an internal timeline entry saying so.
WITH "moved" AS (
  UPDATE "complaints" c SET
    "category" = 'ragging',
    "complaint_head" = 'Ragging Complaint',
    "to_emails" = CASE WHEN c."status" IN ('submitted', 'acknowledged', 'in_progress', 'reopened') THEN coalesce(r."to_emails", c."to_emails") ELSE c."to_emails" END,
    "cc_emails" = CASE WHEN c."status" IN ('submitted', 'acknowledged', 'in_progress', 'reopened') THEN coalesce(r."cc_emails", c."cc_emails") ELSE c."cc_emails" END,
    "fir_due_at" = CASE WHEN c."status" IN ('submitted', 'acknowledged', 'in_progress', 'reopened') THEN now() + interval '24 hours' END,
    "enquiry_due_at" = CASE WHEN c."status" IN ('submitted', 'acknowledged', 'in_progress', 'reopened') THEN now() + interval '7 days' END
  FROM (SELECT 1) AS one
  LEFT JOIN "routing_rules" r ON r."routing_key" = 'ragging' AND r."hostel" = ''
  WHERE c."category" = 'other' AND c."sub_category" = 'Ragging' AND c."confidential"
  RETURNING c."id", c."status", c."fir_due_at"
)
INSERT INTO "complaint_events" ("complaint_id", "actor_id", "from_status", "to_status", "kind", "public", "note")
SELECT "id", NULL, "status", "status", 'ragging', false,
  CASE WHEN "fir_due_at" IS NOT NULL
    THEN 'Moved from Others to Ragging: the anti-ragging committee receives it from now on; the FIR decision is due in 24 hours and the enquiry in 7 days from now'
    ELSE 'Moved from Others to Ragging' END
FROM "moved";--> statement-breakpoint
-- The insights rollup counted them under Others: counted again from the complaints.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "complaints" WHERE "category" = 'ragging') THEN PERFORM insight_daily_rebuild(); END IF;
END $$;
