ALTER TABLE "jobs" ADD COLUMN "last_succeeded_at" timestamp with time zone;--> statement-breakpoint
-- A job whose last run went well succeeded then; one that failed last is unknown until it succeeds.
UPDATE "jobs" SET "last_succeeded_at" = "last_finished_at" WHERE "last_outcome" = 'ok';
