CREATE TABLE "bulk_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid NOT NULL,
	"action" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"complaint_ids" uuid[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"results" jsonb,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_actions_status_check" CHECK ("bulk_actions"."status" in ('pending', 'running', 'done', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "complaint_followers" (
	"complaint_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"via_complaint_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_followers_complaint_id_user_id_pk" PRIMARY KEY("complaint_id","user_id"),
	CONSTRAINT "complaint_followers_source_check" CHECK ("complaint_followers"."source" in ('me_too', 'merged'))
);
--> statement-breakpoint
CREATE TABLE "incident_followers" (
	"incident_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_followers_incident_id_user_id_pk" PRIMARY KEY("incident_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hostel" text NOT NULL,
	"floors" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incidents_status_check" CHECK ("incidents"."status" in ('active', 'resolved', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "complaint_events" DROP CONSTRAINT "complaint_events_kind_check";--> statement-breakpoint
ALTER TABLE "complaints" DROP CONSTRAINT "complaints_status_check";--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "incident_id" uuid;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "follower_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "group_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_actions" ADD CONSTRAINT "bulk_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_followers" ADD CONSTRAINT "complaint_followers_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_followers" ADD CONSTRAINT "complaint_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_followers" ADD CONSTRAINT "complaint_followers_via_complaint_id_complaints_id_fk" FOREIGN KEY ("via_complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_followers" ADD CONSTRAINT "incident_followers_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_followers" ADD CONSTRAINT "incident_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_actions_due_idx" ON "bulk_actions" USING btree ("run_at") WHERE "bulk_actions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "bulk_actions_actor_idx" ON "bulk_actions" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "complaint_followers_user_idx" ON "complaint_followers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "incident_followers_user_idx" ON "incident_followers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "incidents_active_idx" ON "incidents" USING btree ("hostel","category") WHERE "incidents"."status" = 'active';--> statement-breakpoint
CREATE INDEX "incidents_created_idx" ON "incidents" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_merged_into_id_complaints_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."complaints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_merged_into_idx" ON "complaints" USING btree ("merged_into_id") WHERE "complaints"."merged_into_id" is not null;--> statement-breakpoint
CREATE INDEX "complaints_incident_idx" ON "complaints" USING btree ("incident_id") WHERE "complaints"."incident_id" is not null;--> statement-breakpoint
CREATE INDEX "complaints_nearby_open_idx" ON "complaints" USING btree ("hostel","category","created_at") WHERE "complaints"."status" in ('submitted', 'acknowledged', 'in_progress', 'reopened') and not "complaints"."confidential";--> statement-breakpoint
CREATE INDEX "complaints_escalated_open_idx" ON "complaints" USING btree ("due_at","id") WHERE "complaints"."status" in ('submitted', 'acknowledged', 'in_progress', 'reopened') and "complaints"."escalation_level" > 0;--> statement-breakpoint
CREATE INDEX "notifications_group_idx" ON "notifications" USING btree ("user_id","group_key","created_at") WHERE "notifications"."group_key" is not null;--> statement-breakpoint
ALTER TABLE "complaint_events" ADD CONSTRAINT "complaint_events_kind_check" CHECK ("complaint_events"."kind" in ('status', 'reply', 'note', 'assignment', 'escalation', 'merge', 'follow', 'incident'));--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_status_check" CHECK ("complaints"."status" in ('submitted', 'acknowledged', 'in_progress', 'resolved', 'closed', 'rejected', 'reopened', 'withdrawn', 'merged'));