CREATE TABLE "lead_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"reporter_user_id" integer,
	"reason" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"coins" integer NOT NULL,
	"decided_by_user_id" integer,
	"decision_reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_reports" ADD CONSTRAINT "lead_reports_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_reports" ADD CONSTRAINT "lead_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_reports" ADD CONSTRAINT "lead_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_reports" ADD CONSTRAINT "lead_reports_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_reports_quote_company_key" ON "lead_reports" USING btree ("quote_id","company_id");--> statement-breakpoint
CREATE INDEX "lead_reports_status_created_idx" ON "lead_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "lead_reports_reporter_idx" ON "lead_reports" USING btree ("reporter_user_id");