ALTER TABLE "quotes" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "reply_coin_cost" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Existing quotes: the category most of their companies are in, and, past draft, that
-- category's cost today (what their replies were charged until now).
UPDATE "quotes" q SET "category_id" = (
  SELECT c."category_id" FROM "quote_companies" qc JOIN "companies" c ON c."id" = qc."company_id"
   WHERE qc."quote_id" = q."id" GROUP BY c."category_id" ORDER BY count(*) DESC, c."category_id" LIMIT 1
);--> statement-breakpoint
UPDATE "quotes" q SET "reply_coin_cost" = coalesce(
  (SELECT ccc."cost" FROM "category_coin_costs" ccc WHERE ccc."category_id" = q."category_id"), 0
) WHERE q."status" <> 'draft';--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_reply_coin_cost_check" CHECK ("quotes"."status" = 'draft' OR ("quotes"."reply_coin_cost" IS NOT NULL AND "quotes"."reply_coin_cost" >= 0));