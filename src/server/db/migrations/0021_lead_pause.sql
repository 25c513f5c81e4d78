ALTER TABLE "company_lead_preferences" ADD COLUMN "paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_lead_preferences" ADD COLUMN "paused_until" date;