CREATE TABLE "cleaning_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	"floor" integer NOT NULL,
	"room_no" text NOT NULL,
	"starts_on" date NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cleaning_skips" (
	"booking_id" uuid NOT NULL,
	"on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cleaning_skips_booking_id_on_pk" PRIMARY KEY("booking_id","on")
);
--> statement-breakpoint
CREATE TABLE "cleaning_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hostel_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"capacity" integer,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cleaning_slots_weekday_check" CHECK ("cleaning_slots"."weekday" between 1 and 7),
	CONSTRAINT "cleaning_slots_times_check" CHECK ("cleaning_slots"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "cleaning_slots"."end_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "cleaning_slots"."start_time" < "cleaning_slots"."end_time"),
	CONSTRAINT "cleaning_slots_capacity_check" CHECK ("cleaning_slots"."capacity" is null or "cleaning_slots"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "cleaning_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"on" date NOT NULL,
	"outcome" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"marked_by" uuid,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cleaning_visits_outcome_check" CHECK ("cleaning_visits"."outcome" in ('done', 'not_possible')),
	CONSTRAINT "cleaning_visits_reason_check" CHECK ("cleaning_visits"."outcome" = 'done' or "cleaning_visits"."reason" <> '')
);
--> statement-breakpoint
CREATE TABLE "common_areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hostel_id" uuid NOT NULL,
	"floor" integer,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "common_areas_code_check" CHECK ("common_areas"."code" ~ '^[A-Za-z][A-Za-z0-9]{0,11}$')
);
--> statement-breakpoint
CREATE TABLE "visit_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"complaint_id" uuid NOT NULL,
	"proposed_by" uuid,
	"by_student" boolean NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"responded_by" uuid,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_proposals_status_check" CHECK ("visit_proposals"."status" in ('open', 'accepted', 'declined', 'superseded', 'withdrawn')),
	CONSTRAINT "visit_proposals_times_check" CHECK ("visit_proposals"."ends_at" > "visit_proposals"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "complaint_events" DROP CONSTRAINT "complaint_events_kind_check";--> statement-breakpoint
ALTER TABLE "complaints" DROP CONSTRAINT "complaints_room_check";--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "common_area_id" uuid;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "entry_consent" boolean;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "entry_slots" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "visit_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "visit_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hostels" ADD COLUMN "code" text DEFAULT upper(substr(md5(random()::text), 1, 6)) NOT NULL;--> statement-breakpoint
-- Existing hostels get a code from their name's letters and digits ("Block-2" → BLOCK2), numbered when two would clash.
WITH derived AS (
  SELECT id, coalesce(nullif(left(upper(regexp_replace(name, '[^A-Za-z0-9]', '', 'g')), 10), ''), 'H') AS base,
         row_number() OVER (PARTITION BY coalesce(nullif(left(upper(regexp_replace(name, '[^A-Za-z0-9]', '', 'g')), 10), ''), 'H') ORDER BY position, id) AS n
  FROM "hostels"
)
UPDATE "hostels" h SET "code" = d.base || CASE WHEN d.n > 1 THEN d.n::text ELSE '' END FROM derived d WHERE d.id = h.id;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "cleaning_bookings" ADD CONSTRAINT "cleaning_bookings_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cleaning_bookings" ADD CONSTRAINT "cleaning_bookings_slot_id_cleaning_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."cleaning_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cleaning_skips" ADD CONSTRAINT "cleaning_skips_booking_id_cleaning_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."cleaning_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cleaning_slots" ADD CONSTRAINT "cleaning_slots_hostel_id_hostels_id_fk" FOREIGN KEY ("hostel_id") REFERENCES "public"."hostels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cleaning_visits" ADD CONSTRAINT "cleaning_visits_booking_id_cleaning_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."cleaning_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cleaning_visits" ADD CONSTRAINT "cleaning_visits_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "common_areas" ADD CONSTRAINT "common_areas_hostel_id_hostels_id_fk" FOREIGN KEY ("hostel_id") REFERENCES "public"."hostels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_proposals" ADD CONSTRAINT "visit_proposals_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_proposals" ADD CONSTRAINT "visit_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_proposals" ADD CONSTRAINT "visit_proposals_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cleaning_bookings_active_key" ON "cleaning_bookings" USING btree ("student_id","slot_id") WHERE "cleaning_bookings"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "cleaning_bookings_slot_idx" ON "cleaning_bookings" USING btree ("slot_id") WHERE "cleaning_bookings"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "cleaning_bookings_student_idx" ON "cleaning_bookings" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "cleaning_slots_hostel_idx" ON "cleaning_slots" USING btree ("hostel_id","weekday");--> statement-breakpoint
CREATE UNIQUE INDEX "cleaning_visits_booking_day_key" ON "cleaning_visits" USING btree ("booking_id","on");--> statement-breakpoint
CREATE INDEX "cleaning_visits_day_idx" ON "cleaning_visits" USING btree ("on");--> statement-breakpoint
CREATE UNIQUE INDEX "common_areas_code_key" ON "common_areas" USING btree ("hostel_id",upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "common_areas_name_key" ON "common_areas" USING btree ("hostel_id",coalesce("floor", -1000),lower("name")) WHERE "common_areas"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "visit_proposals_complaint_idx" ON "visit_proposals" USING btree ("complaint_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_proposals_open_key" ON "visit_proposals" USING btree ("complaint_id") WHERE "visit_proposals"."status" = 'open';--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_common_area_id_common_areas_id_fk" FOREIGN KEY ("common_area_id") REFERENCES "public"."common_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_room_history_idx" ON "complaints" USING btree ("hostel","room_no","created_at","id") WHERE "complaints"."common_area_id" is null and not "complaints"."confidential";--> statement-breakpoint
CREATE INDEX "complaints_area_history_idx" ON "complaints" USING btree ("common_area_id","created_at","id") WHERE "complaints"."common_area_id" is not null and not "complaints"."confidential";--> statement-breakpoint
CREATE UNIQUE INDEX "hostels_code_key" ON "hostels" USING btree (upper("code"));--> statement-breakpoint
ALTER TABLE "complaint_events" ADD CONSTRAINT "complaint_events_kind_check" CHECK ("complaint_events"."kind" in ('status', 'reply', 'note', 'assignment', 'escalation', 'merge', 'follow', 'incident', 'ragging', 'visit'));--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_visit_check" CHECK (("complaints"."visit_starts_at" is null) = ("complaints"."visit_ends_at" is null) and ("complaints"."visit_ends_at" is null or "complaints"."visit_ends_at" > "complaints"."visit_starts_at"));--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_room_check" CHECK ("complaints"."room_no" <> '' or "complaints"."place_kind" is not null or "complaints"."common_area_id" is not null);--> statement-breakpoint
ALTER TABLE "hostels" ADD CONSTRAINT "hostels_code_check" CHECK ("hostels"."code" ~ '^[A-Za-z0-9]{1,12}$');