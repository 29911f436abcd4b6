ALTER TABLE "categories" ADD COLUMN "card_title_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "complaint_head_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "description_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "common_areas" ADD COLUMN "name_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "hostels" ADD COLUMN "name_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "label_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "university" ADD COLUMN "name_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "university" ADD COLUMN "short_name_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "university" ADD COLUMN "about_text_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "university" ADD COLUMN "committee_name_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "university" ADD COLUMN "time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL;--> statement-breakpoint
ALTER TABLE "university" ADD COLUMN "default_locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "university" ADD CONSTRAINT "university_default_locale_check" CHECK ("university"."default_locale" in ('en', 'hi'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("users"."locale" is null or "users"."locale" in ('en', 'hi'));