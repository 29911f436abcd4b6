-- Issue 43: where a chat with a linked number stands (a complaint filed step by step, a reopen waiting for its reason).
CREATE TABLE "whatsapp_conversations" (
	"wa_id" text PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
