-- Hand-written around drizzle-kit's output (issue 39, decision 63): keep this block when renumbering.
-- The queue's search column held a confidential report's message and its reporter's room, so anyone
-- who saw the report in their queue found it by the reporter's room, name or phone. It now holds a
-- confidential report's number and where it happened only; the duty searches the report's own words
-- through the partial index below. PostgreSQL 15 cannot change a generated column's expression in
-- place: the column is dropped (its two indexes with it) and added again, then the indexes rebuilt.
ALTER TABLE "complaints" drop column "search";--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (case when confidential then to_tsvector('simple', coalesce(number, '') || ' ' || coalesce(place_text, '')) else to_tsvector('simple', coalesce(message, '') || ' ' || coalesce(room_no, '') || ' ' || coalesce(number, '')) end) STORED;--> statement-breakpoint
CREATE INDEX "complaints_search_idx" ON "complaints" USING gin ("search");--> statement-breakpoint
CREATE INDEX "complaints_search_open_idx" ON "complaints" USING gin ("search") WHERE "complaints"."status" in ('submitted', 'acknowledged', 'in_progress', 'reopened');--> statement-breakpoint
-- Every name an account has signed in with, so a confidential report's reporter is withheld by each.
ALTER TABLE "users" ADD COLUMN "former_names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "complaints_confidential_search_idx" ON "complaints" USING gin (to_tsvector('simple', coalesce(message, '') || ' ' || coalesce(room_no, ''))) WHERE "complaints"."confidential";
