CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(reg_id, '') || ' ' || coalesce(email, '') || ' ' || replace(split_part(coalesce(email, ''), '@', 1), '.', ' ')));