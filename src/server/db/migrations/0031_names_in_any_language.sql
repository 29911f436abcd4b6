-- Issue 42 item 4 (decision 67): names in any language. The Hindi beside each name moves from its `_hi` column into one
-- `translations` jsonb per table, by language then field ({"hi": {"name": "…"}}); sub-categories (jsonb) carry their own
-- `translations` in place of `nameHi`. Empty Hindi is "not translated" and is left out. The language columns' checks only
-- ask for a language code: which languages the portal speaks is the code's list, so adding one needs no migration.
ALTER TABLE "university" DROP CONSTRAINT "university_default_locale_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_locale_check";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "common_areas" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "hostels" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "university" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "categories" SET "translations" = jsonb_strip_nulls(jsonb_build_object('hi', nullif(jsonb_strip_nulls(jsonb_build_object('cardTitle', nullif("card_title_hi", ''), 'complaintHead', nullif("complaint_head_hi", ''), 'description', nullif("description_hi", ''))), '{}'::jsonb)));--> statement-breakpoint
UPDATE "categories" SET "sub_categories" = (
  SELECT coalesce(jsonb_agg(CASE WHEN coalesce(e.value->>'nameHi', '') = '' THEN e.value - 'nameHi' ELSE (e.value - 'nameHi') || jsonb_build_object('translations', jsonb_build_object('hi', jsonb_build_object('name', e.value->>'nameHi'))) END ORDER BY e.ord), '[]'::jsonb)
  FROM jsonb_array_elements("sub_categories") WITH ORDINALITY AS e(value, ord)
);--> statement-breakpoint
UPDATE "common_areas" SET "translations" = jsonb_build_object('hi', jsonb_build_object('name', "name_hi")) WHERE "name_hi" <> '';--> statement-breakpoint
UPDATE "hostels" SET "translations" = jsonb_build_object('hi', jsonb_build_object('name', "name_hi")) WHERE "name_hi" <> '';--> statement-breakpoint
UPDATE "services" SET "translations" = jsonb_build_object('hi', jsonb_build_object('label', "label_hi")) WHERE "label_hi" <> '';--> statement-breakpoint
UPDATE "university" SET "translations" = jsonb_strip_nulls(jsonb_build_object('hi', nullif(jsonb_strip_nulls(jsonb_build_object('name', nullif("name_hi", ''), 'shortName', nullif("short_name_hi", ''), 'aboutText', nullif("about_text_hi", ''), 'committeeName', nullif("committee_name_hi", ''))), '{}'::jsonb)));--> statement-breakpoint
ALTER TABLE "categories" DROP COLUMN "card_title_hi";--> statement-breakpoint
ALTER TABLE "categories" DROP COLUMN "complaint_head_hi";--> statement-breakpoint
ALTER TABLE "categories" DROP COLUMN "description_hi";--> statement-breakpoint
ALTER TABLE "common_areas" DROP COLUMN "name_hi";--> statement-breakpoint
ALTER TABLE "hostels" DROP COLUMN "name_hi";--> statement-breakpoint
ALTER TABLE "services" DROP COLUMN "label_hi";--> statement-breakpoint
ALTER TABLE "university" DROP COLUMN "name_hi";--> statement-breakpoint
ALTER TABLE "university" DROP COLUMN "short_name_hi";--> statement-breakpoint
ALTER TABLE "university" DROP COLUMN "about_text_hi";--> statement-breakpoint
ALTER TABLE "university" DROP COLUMN "committee_name_hi";--> statement-breakpoint
ALTER TABLE "university" ADD CONSTRAINT "university_default_locale_check" CHECK ("university"."default_locale" ~ '^[a-z]{2,3}$');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("users"."locale" is null or "users"."locale" ~ '^[a-z]{2,3}$');