CREATE TABLE "categories" (
	"key" text PRIMARY KEY NOT NULL,
	"card_title" text NOT NULL,
	"complaint_head" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sub_categories" jsonb NOT NULL,
	"confidential" boolean DEFAULT false NOT NULL,
	"target_hours" integer DEFAULT 72 NOT NULL,
	"routing_key" text NOT NULL,
	"position" integer NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hostels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"floor_min" integer NOT NULL,
	"floor_max" integer NOT NULL,
	"room_ranges" jsonb NOT NULL,
	"position" integer NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hostels_floors_check" CHECK ("hostels"."floor_min" <= "hostels"."floor_max")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"key" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"routing_key" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_routing_key_key" UNIQUE("routing_key")
);
--> statement-breakpoint
CREATE TABLE "university" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"allowed_domains" text[] NOT NULL,
	"reg_pattern" text NOT NULL,
	"about_text" text DEFAULT '' NOT NULL,
	"credits" text[] DEFAULT '{}'::text[] NOT NULL,
	"logo" "bytea",
	"logo_type" text,
	"catalog_version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "university_single_row" CHECK ("university"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "complaints" DROP CONSTRAINT "complaints_kind_check";--> statement-breakpoint
ALTER TABLE "university" ADD CONSTRAINT "university_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_routing_key_key" ON "categories" USING btree ("routing_key");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_card_title_key" ON "categories" USING btree (lower("card_title"));--> statement-breakpoint
CREATE UNIQUE INDEX "hostels_name_key" ON "hostels" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_kind_check" CHECK ("complaints"."kind" in ('complaint', 'cleaning', 'laundry'));--> statement-breakpoint
-- The catalogue the original app hard-coded in the browser (seed §9), now the administrators' to change.
INSERT INTO "university" ("id", "name", "short_name", "allowed_domains", "reg_pattern", "about_text") VALUES
  (1, 'VIT Bhopal University', 'vitbhopal', ARRAY['vitbhopal.ac.in'], '^[0-9]{2}[A-Za-z]{3}[0-9]{5}$',
   'The Hostel Complaint Portal is where students living in the university hostels report what is broken and ask for their room to be cleaned. Every complaint is stored, routed to the team responsible for it and followed until it is fixed.')
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "hostels" ("name", "floor_min", "floor_max", "room_ranges", "position") VALUES
  ('Block-1 (Old)', 0, 7, '[{"from":0,"to":800}]', 1),
  ('Block-2', 0, 7, '[{"from":0,"to":800}]', 2),
  ('Block-3', 0, 7, '[{"from":0,"to":800}]', 3),
  ('Girls', 0, 7, '[{"from":0,"to":800}]', 4);--> statement-breakpoint
INSERT INTO "categories" ("key", "card_title", "complaint_head", "description", "sub_categories", "confidential", "target_hours", "routing_key", "position") VALUES
  ('wifi', 'Wifi', 'Wifi Complaint', 'Not working, slow or dropping connections.',
   '[{"name":"Not Working","confidential":false},{"name":"Slow","confidential":false},{"name":"Connection Issue","confidential":false},{"name":"Others","confidential":false}]', false, 24, 'wifiComplaints', 1),
  ('carpenter', 'Furniture (carpenter)', 'Carpenter Complaint', 'Drawers, chairs, study tables, almirahs and handles.',
   '[{"name":"Drawer","confidential":false},{"name":"Chair","confidential":false},{"name":"Study Table","confidential":false},{"name":"Almirah","confidential":false},{"name":"Handle","confidential":false}]', false, 72, 'carpenterComplaint', 2),
  ('water', 'Washroom (water)', 'Water Complaint', 'Toilet seats, showers and water supply.',
   '[{"name":"Toilet Seat","confidential":false},{"name":"Shower","confidential":false},{"name":"Water Problem","confidential":false}]', false, 24, 'waterComplaint', 3),
  ('mess', 'Mess', 'Mess Complaint', 'Food quality, mess staff and other mess issues.',
   '[{"name":"Food","confidential":false},{"name":"Staff","confidential":false},{"name":"Other","confidential":false}]', false, 48, 'messComplaint', 4),
  ('electricity', 'Electrician', 'Electricity Complaint', 'Lamps, switches, light bulbs and fans.',
   '[{"name":"Lamp","confidential":false},{"name":"Switch","confidential":false},{"name":"Light Bulb","confidential":false},{"name":"Fan","confidential":false}]', false, 24, 'electricityComplaint', 5),
  ('other', 'Others', 'Other Complaint', 'Ragging, theft or anything else that needs attention.',
   '[{"name":"Ragging","confidential":true},{"name":"Theft","confidential":false},{"name":"Others","confidential":false}]', false, 24, 'otherComplaint', 6)
ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
INSERT INTO "services" ("key", "label", "enabled", "routing_key", "position") VALUES
  ('room_cleaning', 'Room Cleaning', true, 'roomCleaners', 1),
  ('laundry', 'Laundry', false, 'laundry', 2)
ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
INSERT INTO "routing_rules" ("routing_key", "hostel", "to_emails") VALUES
  ('laundry', '', ARRAY['laundry@vitbhopal.ac.in'])
ON CONFLICT ("routing_key", "hostel") DO NOTHING;--> statement-breakpoint
-- The audit log is read-only for everyone, administrators included: rows are only ever added.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
