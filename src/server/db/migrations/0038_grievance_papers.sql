-- Issue 44: the names a grievance's dated decision and disposal carry, kept as they were when each was issued.
ALTER TABLE "grievances" ADD COLUMN "papers" jsonb DEFAULT '{}'::jsonb NOT NULL;