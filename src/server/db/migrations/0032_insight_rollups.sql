CREATE TABLE "daily_figures" (
	"day" date NOT NULL,
	"figure" text NOT NULL,
	"category_id" integer DEFAULT 0 NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "daily_figures_day_figure_category_id_pk" PRIMARY KEY("day","figure","category_id")
);
--> statement-breakpoint
CREATE TABLE "daily_reply_times" (
	"day" date NOT NULL,
	"category_id" integer DEFAULT 0 NOT NULL,
	"minutes" integer NOT NULL,
	"requests" integer NOT NULL,
	CONSTRAINT "daily_reply_times_day_category_id_minutes_pk" PRIMARY KEY("day","category_id","minutes")
);
--> statement-breakpoint
CREATE TABLE "rolled_up_days" (
	"day" date PRIMARY KEY NOT NULL,
	"rolled_up_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_weekly_summary" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "coin_ledger_refund_created_idx" ON "coin_ledger" USING btree ("created_at") WHERE "coin_ledger"."reason" = 'refund';--> statement-breakpoint
CREATE INDEX "companies_created_idx" ON "companies" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "company_page_views_day_idx" ON "company_page_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "payments_credited_idx" ON "payments" USING btree ("credited_at") WHERE "payments"."credited_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "quotes_submitted_idx" ON "quotes" USING btree ("submitted_at") WHERE "quotes"."submitted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "quotes_decided_idx" ON "quotes" USING btree ("decided_at") WHERE "quotes"."decided_at" IS NOT NULL;