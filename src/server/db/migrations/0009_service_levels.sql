ALTER TABLE "complaint_events" DROP CONSTRAINT "complaint_events_kind_check";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "escalate_wardens_after_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "escalate_admins_after_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
-- Complaints filed before service levels existed are due by their category's (or service's) target time.
UPDATE "complaints" AS c SET "due_at" = c."created_at" + make_interval(hours => coalesce(
  (SELECT "target_hours" FROM "categories" WHERE "key" = c."category"),
  CASE WHEN c."kind" = 'laundry' THEN 48 ELSE 24 END));--> statement-breakpoint
ALTER TABLE "complaints" ALTER COLUMN "due_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "escalation_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "student_search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(fname, '') || ' ' || coalesce(reg_id, '') || ' ' || coalesce(user_email, '') || ' ' || replace(split_part(coalesce(user_email, ''), '@', 1), '.', ' '))) STORED;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "target_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "new_work_mail" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_digest_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "complaints_due_open_idx" ON "complaints" USING btree ("due_at","id") WHERE "complaints"."status" in ('submitted', 'acknowledged', 'in_progress', 'reopened');--> statement-breakpoint
CREATE INDEX "complaints_student_search_idx" ON "complaints" USING gin ("student_search");--> statement-breakpoint
CREATE INDEX "complaints_escalation_idx" ON "complaints" USING btree ("due_at") WHERE "complaints"."status" in ('submitted', 'acknowledged', 'in_progress', 'reopened') and "complaints"."escalation_level" < 2;--> statement-breakpoint
ALTER TABLE "complaint_events" ADD CONSTRAINT "complaint_events_kind_check" CHECK ("complaint_events"."kind" in ('status', 'reply', 'note', 'assignment', 'escalation'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_new_work_mail_check" CHECK ("users"."new_work_mail" in ('each', 'digest', 'none'));--> statement-breakpoint
UPDATE "services" SET "target_hours" = 48 WHERE "key" = 'laundry';