-- A subcategory's companies from the index alone, in company order: its capped count reads 1,000
-- index entries instead of 1,000 rows spread over 700 table pages.
DROP INDEX "company_subcategories_subcategory_idx";--> statement-breakpoint
CREATE INDEX "company_subcategories_subcategory_company_idx" ON "company_subcategories" USING btree ("subcategory_id","company_id");