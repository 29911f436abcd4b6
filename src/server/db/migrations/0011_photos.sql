CREATE TABLE "photo_blobs" (
	"photo_id" uuid NOT NULL,
	"variant" text NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "photo_blobs_photo_id_variant_pk" PRIMARY KEY("photo_id","variant"),
	CONSTRAINT "photo_blobs_variant_check" CHECK ("photo_blobs"."variant" in ('full', 'thumb'))
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uploader_id" uuid NOT NULL,
	"complaint_id" uuid,
	"stage" text DEFAULT 'before' NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"storage" text NOT NULL,
	"stored_at" timestamp with time zone,
	"attached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_stage_check" CHECK ("photos"."stage" in ('before', 'after')),
	CONSTRAINT "photos_storage_check" CHECK ("photos"."storage" in ('database', 's3'))
);
--> statement-breakpoint
ALTER TABLE "photo_blobs" ADD CONSTRAINT "photo_blobs_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_complaint_idx" ON "photos" USING btree ("complaint_id","created_at");--> statement-breakpoint
CREATE INDEX "photos_pending_uploader_idx" ON "photos" USING btree ("uploader_id") WHERE "photos"."complaint_id" is null;--> statement-breakpoint
CREATE INDEX "photos_pending_created_idx" ON "photos" USING btree ("created_at") WHERE "photos"."complaint_id" is null;