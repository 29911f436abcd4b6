CREATE TABLE "demo_fills" (
	"started_at" timestamp with time zone PRIMARY KEY DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
