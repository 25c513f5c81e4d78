CREATE TABLE "company_lead_subcategories" (
	"company_id" integer NOT NULL,
	"subcategory_id" integer NOT NULL,
	CONSTRAINT "company_lead_subcategories_company_id_subcategory_id_pk" PRIMARY KEY("company_id","subcategory_id")
);
--> statement-breakpoint
CREATE TABLE "company_service_zips" (
	"company_id" integer NOT NULL,
	"zip" text NOT NULL,
	CONSTRAINT "company_service_zips_company_id_zip_pk" PRIMARY KEY("company_id","zip")
);
--> statement-breakpoint
ALTER TABLE "company_lead_preferences" ADD COLUMN "service_radius_miles" integer;--> statement-breakpoint
ALTER TABLE "quote_companies" ADD COLUMN "outside_service_area" boolean;--> statement-breakpoint
ALTER TABLE "quote_companies" ADD COLUMN "outside_services" boolean;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "subcategory_id" integer;--> statement-breakpoint
ALTER TABLE "company_lead_subcategories" ADD CONSTRAINT "company_lead_subcategories_listed_fk" FOREIGN KEY ("company_id","subcategory_id") REFERENCES "public"."company_subcategories"("company_id","subcategory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_service_zips" ADD CONSTRAINT "company_service_zips_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_lead_preferences" ADD CONSTRAINT "company_lead_preferences_service_radius_check" CHECK ("company_lead_preferences"."service_radius_miles" BETWEEN 1 AND 500);