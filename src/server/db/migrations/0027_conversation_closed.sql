ALTER TABLE "quote_companies" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
-- Conversations of leads already credited on a report are closed from their decision on.
UPDATE "quote_companies" qc SET "closed_at" = r."decided_at"
  FROM "lead_reports" r
 WHERE r."quote_id" = qc."quote_id" AND r."company_id" = qc."company_id" AND r."status" IN ('credited', 'already_refunded');
