-- Issue 43: the order WhatsApp events came in and messages were queued in: one number's are worked and sent in it.
ALTER TABLE "whatsapp_inbound" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD COLUMN "seq" bigserial NOT NULL;