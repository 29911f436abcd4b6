CREATE TABLE "inbound_mail" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text NOT NULL,
	"complaint_id" uuid,
	"outcome" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_mail_outcome_check" CHECK ("inbound_mail"."outcome" in ('posted', 'dropped'))
);
--> statement-breakpoint
ALTER TABLE "complaints" DROP CONSTRAINT "complaints_status_check";--> statement-breakpoint
ALTER TABLE "complaint_events" ADD COLUMN "actor_address" text;--> statement-breakpoint
ALTER TABLE "complaint_events" ADD COLUMN "channel" text DEFAULT 'portal' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "thread_ref" text;--> statement-breakpoint
ALTER TABLE "inbound_mail" ADD CONSTRAINT "inbound_mail_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_mail_message_id_key" ON "inbound_mail" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "inbound_mail_received_idx" ON "inbound_mail" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "complaint_events" ADD CONSTRAINT "complaint_events_channel_check" CHECK ("complaint_events"."channel" in ('portal', 'mail'));--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_status_check" CHECK ("complaints"."status" in ('submitted', 'acknowledged', 'in_progress', 'resolved', 'closed', 'rejected', 'reopened', 'withdrawn'));