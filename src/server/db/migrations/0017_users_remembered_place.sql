ALTER TABLE "users" ADD COLUMN "place_hostel" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "place_floor" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "place_room" text;