CREATE TABLE "company_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"issuer" text NOT NULL,
	"expires_on" date NOT NULL,
	"document_object_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_reason" text,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"submitted_by_user_id" integer,
	"reminded_for_expiry" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_credentials_kind_check" CHECK ("company_credentials"."kind" in ('licence', 'insurance')),
	CONSTRAINT "company_credentials_status_check" CHECK ("company_credentials"."status" in ('pending', 'verified', 'rejected', 'expired', 'needs_recheck'))
);
--> statement-breakpoint
CREATE TABLE "company_opening_hours" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"week" jsonb NOT NULL,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_credentials" ADD CONSTRAINT "company_credentials_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_credentials" ADD CONSTRAINT "company_credentials_document_object_id_stored_objects_id_fk" FOREIGN KEY ("document_object_id") REFERENCES "public"."stored_objects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_credentials" ADD CONSTRAINT "company_credentials_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_credentials" ADD CONSTRAINT "company_credentials_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_opening_hours" ADD CONSTRAINT "company_opening_hours_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_credentials_company_idx" ON "company_credentials" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "company_credentials_verified_company_idx" ON "company_credentials" USING btree ("company_id") WHERE "company_credentials"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "company_credentials_verified_expiry_idx" ON "company_credentials" USING btree ("expires_on") WHERE "company_credentials"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "company_credentials_status_created_idx" ON "company_credentials" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "company_credentials_document_idx" ON "company_credentials" USING btree ("document_object_id");