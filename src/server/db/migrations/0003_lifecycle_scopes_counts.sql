CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_counts" (
	"category" text NOT NULL,
	"hostel" text NOT NULL,
	"status" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "complaint_counts_category_hostel_status_pk" PRIMARY KEY("category","hostel","status")
);
--> statement-breakpoint
CREATE TABLE "staff_scopes" (
	"user_id" uuid NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"hostel" text DEFAULT '' NOT NULL,
	CONSTRAINT "staff_scopes_user_id_category_hostel_pk" PRIMARY KEY("user_id","category","hostel")
);
--> statement-breakpoint
ALTER TABLE "complaint_events" ADD COLUMN "kind" text DEFAULT 'status' NOT NULL;--> statement-breakpoint
ALTER TABLE "complaint_events" ADD COLUMN "public" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "confidential" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "rating" integer;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "rating_comment" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(message, '') || ' ' || coalesce(room_no, '') || ' ' || coalesce(number, ''))) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "anti_ragging" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "added_by" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_scopes" ADD CONSTRAINT "staff_scopes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_queue_idx" ON "complaints" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "complaints_status_queue_idx" ON "complaints" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "complaints_category_hostel_queue_idx" ON "complaints" USING btree ("category","hostel","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "complaints_assignee_idx" ON "complaints" USING btree ("assignee_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "complaints_search_idx" ON "complaints" USING gin ("search");--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_rating_check" CHECK ("complaints"."rating" is null or "complaints"."rating" between 1 and 5);