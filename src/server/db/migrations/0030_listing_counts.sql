CREATE TABLE "company_appearances" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"appearances" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "company_appearances_company_id_day_source_pk" PRIMARY KEY("company_id","day","source"),
	CONSTRAINT "company_appearances_source_check" CHECK ("company_appearances"."source" in ('search', 'category'))
);
--> statement-breakpoint
CREATE TABLE "search_log" (
	"day" date NOT NULL,
	"words" text NOT NULL,
	"place" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"empty_searches" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_log_day_words_place_pk" PRIMARY KEY("day","words","place")
);
--> statement-breakpoint
ALTER TABLE "company_appearances" ADD CONSTRAINT "company_appearances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_appearances_day_idx" ON "company_appearances" USING btree ("day");