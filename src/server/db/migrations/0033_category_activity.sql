CREATE TABLE "category_activity" (
	"day" date NOT NULL,
	"category_id" integer NOT NULL,
	"figure" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "category_activity_day_category_id_figure_pk" PRIMARY KEY("day","category_id","figure"),
	CONSTRAINT "category_activity_figure_check" CHECK ("category_activity"."figure" in ('searchAppearances', 'categoryAppearances', 'pageViews'))
);
--> statement-breakpoint
-- What was counted before this table, per the company's category now.
INSERT INTO "category_activity" ("day", "category_id", "figure", "value")
SELECT v."day"::date, c."category_id", 'pageViews', sum(v."views")
  FROM "company_page_views" v JOIN "companies" c ON c."id" = v."company_id"
 GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "category_activity" ("day", "category_id", "figure", "value")
SELECT a."day", c."category_id", a."source" || 'Appearances', sum(a."appearances")
  FROM "company_appearances" a JOIN "companies" c ON c."id" = a."company_id"
 GROUP BY 1, 2, 3;
