ALTER TABLE "zip_codes" ADD COLUMN "area" text;--> statement-breakpoint
CREATE INDEX "zip_codes_area_idx" ON "zip_codes" USING btree ("area") WHERE "zip_codes"."area" IS NOT NULL;--> statement-breakpoint
-- One row, moved by every postal-code import that changes a row, so that each running node
-- forgets the places it looked up before.
CREATE TABLE zip_codes_stamp (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  stamp bigint NOT NULL
);--> statement-breakpoint
INSERT INTO zip_codes_stamp (stamp) VALUES (1);
