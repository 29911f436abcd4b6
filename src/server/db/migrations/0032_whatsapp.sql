-- Issue 43: WhatsApp as a channel. Linked numbers and their short-lived linking codes, the webhook's queue of events
-- (one row per message or status, so a redelivered event is worked once) and the outbox of messages to send.
CREATE TABLE "whatsapp_inbound" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_key" text NOT NULL,
	"wa_id" text NOT NULL,
	"event" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_inbound_event_key_unique" UNIQUE("event_key"),
	CONSTRAINT "whatsapp_inbound_status_check" CHECK ("whatsapp_inbound"."status" in ('queued', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_link_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_link_codes_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_links" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"wa_id" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_inbound_at" timestamp with time zone,
	CONSTRAINT "whatsapp_links_wa_id_unique" UNIQUE("wa_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid,
	"user_id" uuid,
	"wa_id" text NOT NULL,
	"complaint_id" uuid,
	"message" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"wamid" text,
	"delivery" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_outbox_wamid_unique" UNIQUE("wamid"),
	CONSTRAINT "whatsapp_outbox_status_check" CHECK ("whatsapp_outbox"."status" in ('queued', 'sent', 'failed', 'expired')),
	CONSTRAINT "whatsapp_outbox_delivery_check" CHECK ("whatsapp_outbox"."delivery" is null or "whatsapp_outbox"."delivery" in ('sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_whatsapp" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_link_codes" ADD CONSTRAINT "whatsapp_link_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_links" ADD CONSTRAINT "whatsapp_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD CONSTRAINT "whatsapp_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD CONSTRAINT "whatsapp_outbox_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_due_idx" ON "whatsapp_inbound" USING btree ("next_attempt_at") WHERE "whatsapp_inbound"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_outbox_event_key" ON "whatsapp_outbox" USING btree ("event_id","wa_id");--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_due_idx" ON "whatsapp_outbox" USING btree ("next_attempt_at") WHERE "whatsapp_outbox"."status" = 'queued';