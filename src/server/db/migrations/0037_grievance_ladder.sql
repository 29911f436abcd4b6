-- Issue 44: the grievance ladder — the grievance committee's and the Ombudsperson's seats, grievances with their clocks and threads, and photos that go with a grievance.
CREATE SEQUENCE "public"."grievance_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "grievance_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"grievance_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"actor_seat" text,
	"actor_name" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"addressee" text,
	"hearing_at" timestamp with time zone,
	"hearing_place" text,
	"outcome" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "grievance_entries_kind_check" CHECK ("grievance_entries"."kind" in ('raised', 'hearing', 'decision', 'appeal', 'question', 'message', 'disposal', 'withdrawn', 'reminder')),
	CONSTRAINT "grievance_entries_addressee_check" CHECK ("grievance_entries"."addressee" is null or "grievance_entries"."addressee" in ('student', 'committee'))
);
--> statement-breakpoint
CREATE TABLE "grievance_seats" (
	"email" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"seat" text NOT NULL,
	"woman" boolean DEFAULT false NOT NULL,
	"reserved_category" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grievance_seats_seat_check" CHECK ("grievance_seats"."seat" in ('chair', 'member', 'special_invitee', 'ombudsperson')),
	CONSTRAINT "grievance_seats_email_lower_check" CHECK ("grievance_seats"."email" = lower("grievance_seats"."email"))
);
--> statement-breakpoint
CREATE TABLE "grievances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"student_id" uuid NOT NULL,
	"complaint_id" uuid,
	"hostel" text NOT NULL,
	"category" text,
	"subject" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"committee_due_at" timestamp with time zone NOT NULL,
	"committee_level" integer DEFAULT 0 NOT NULL,
	"hearing_at" timestamp with time zone,
	"hearing_place" text,
	"outcome" text,
	"findings" text,
	"decision" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"appeal_until" timestamp with time zone,
	"appeal_reason" text,
	"appealed_at" timestamp with time zone,
	"ombudsperson_due_at" timestamp with time zone,
	"appeal_level" integer DEFAULT 0 NOT NULL,
	"appeal_outcome" text,
	"disposal_findings" text,
	"disposal_decision" text,
	"disposed_at" timestamp with time zone,
	"disposed_by" uuid,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grievances_status_check" CHECK ("grievances"."status" in ('received', 'hearing_scheduled', 'decided', 'appealed', 'disposed', 'withdrawn')),
	CONSTRAINT "grievances_outcome_check" CHECK ("grievances"."outcome" is null or "grievances"."outcome" in ('upheld', 'partly_upheld', 'not_upheld')),
	CONSTRAINT "grievances_appeal_outcome_check" CHECK ("grievances"."appeal_outcome" is null or "grievances"."appeal_outcome" in ('confirmed', 'modified', 'set_aside')),
	CONSTRAINT "grievances_levels_check" CHECK ("grievances"."committee_level" between 0 and 2 and "grievances"."appeal_level" between 0 and 2),
	CONSTRAINT "grievances_decision_check" CHECK (("grievances"."decided_at" is null) = ("grievances"."outcome" is null) and ("grievances"."decided_at" is null or ("grievances"."findings" is not null and "grievances"."decision" is not null and "grievances"."appeal_until" is not null))),
	CONSTRAINT "grievances_appeal_check" CHECK ("grievances"."appealed_at" is null or ("grievances"."decided_at" is not null and "grievances"."ombudsperson_due_at" is not null)),
	CONSTRAINT "grievances_disposal_check" CHECK (("grievances"."disposed_at" is null) = ("grievances"."appeal_outcome" is null) and ("grievances"."disposed_at" is null or "grievances"."appealed_at" is not null))
);
--> statement-breakpoint
DROP INDEX "photos_pending_uploader_idx";--> statement-breakpoint
DROP INDEX "photos_pending_created_idx";--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "grievance_id" uuid;--> statement-breakpoint
ALTER TABLE "grievance_entries" ADD CONSTRAINT "grievance_entries_grievance_id_grievances_id_fk" FOREIGN KEY ("grievance_id") REFERENCES "public"."grievances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_entries" ADD CONSTRAINT "grievance_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_disposed_by_users_id_fk" FOREIGN KEY ("disposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grievance_entries_grievance_idx" ON "grievance_entries" USING btree ("grievance_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "grievance_seats_one_chair_key" ON "grievance_seats" USING btree ("seat") WHERE "grievance_seats"."seat" = 'chair';--> statement-breakpoint
CREATE UNIQUE INDEX "grievance_seats_one_ombudsperson_key" ON "grievance_seats" USING btree ("seat") WHERE "grievance_seats"."seat" = 'ombudsperson';--> statement-breakpoint
CREATE UNIQUE INDEX "grievances_number_key" ON "grievances" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "grievances_complaint_key" ON "grievances" USING btree ("complaint_id") WHERE "grievances"."complaint_id" is not null;--> statement-breakpoint
CREATE INDEX "grievances_student_idx" ON "grievances" USING btree ("student_id","received_at");--> statement-breakpoint
CREATE INDEX "grievances_received_idx" ON "grievances" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "grievances_status_idx" ON "grievances" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "grievances_committee_clock_idx" ON "grievances" USING btree ("committee_due_at") WHERE "grievances"."status" in ('received', 'hearing_scheduled') and "grievances"."committee_level" < 2;--> statement-breakpoint
CREATE INDEX "grievances_appeal_clock_idx" ON "grievances" USING btree ("ombudsperson_due_at") WHERE "grievances"."status" = 'appealed' and "grievances"."appeal_level" < 2;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_grievance_id_grievances_id_fk" FOREIGN KEY ("grievance_id") REFERENCES "public"."grievances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_grievance_idx" ON "photos" USING btree ("grievance_id","created_at") WHERE "photos"."grievance_id" is not null;--> statement-breakpoint
CREATE INDEX "photos_pending_uploader_idx" ON "photos" USING btree ("uploader_id") WHERE "photos"."complaint_id" is null and "photos"."grievance_id" is null;--> statement-breakpoint
CREATE INDEX "photos_pending_created_idx" ON "photos" USING btree ("created_at") WHERE "photos"."complaint_id" is null and "photos"."grievance_id" is null;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_one_owner_check" CHECK ("photos"."complaint_id" is null or "photos"."grievance_id" is null);