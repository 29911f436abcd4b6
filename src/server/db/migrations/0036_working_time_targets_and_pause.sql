-- Issue 44: targets counted in working hours (categories, services, the complaint's own unit) and a clock that pauses while the team waits for the student's answer.
ALTER TABLE "complaint_events" DROP CONSTRAINT "complaint_events_kind_check";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "target_unit" text DEFAULT 'hours' NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "target_unit" text DEFAULT 'hours' NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "clock_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "clock_left_ms" bigint;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "target_unit" text DEFAULT 'hours' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_target_unit_check" CHECK ("categories"."target_unit" in ('hours', 'working_hours'));--> statement-breakpoint
ALTER TABLE "complaint_events" ADD CONSTRAINT "complaint_events_kind_check" CHECK ("complaint_events"."kind" in ('status', 'reply', 'note', 'assignment', 'escalation', 'merge', 'follow', 'incident', 'ragging', 'visit', 'photos', 'clock'));--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_target_unit_check" CHECK ("complaints"."target_unit" in ('hours', 'working_hours'));--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_clock_pause_check" CHECK (("complaints"."clock_paused_at" is null) = ("complaints"."clock_left_ms" is null));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_target_unit_check" CHECK ("services"."target_unit" in ('hours', 'working_hours'));