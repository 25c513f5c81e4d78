CREATE TABLE "company_lead_preferences" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"weekly_coin_cap" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_lead_preferences_weekly_coin_cap_check" CHECK ("company_lead_preferences"."weekly_coin_cap" > 0)
);
--> statement-breakpoint
ALTER TABLE "company_lead_preferences" ADD CONSTRAINT "company_lead_preferences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;