ALTER TABLE "companies" ADD COLUMN "reply_median_minutes" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "reply_sample_size" integer DEFAULT 0 NOT NULL;