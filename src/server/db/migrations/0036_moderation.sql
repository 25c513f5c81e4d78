CREATE TABLE "moderation_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_type" text NOT NULL,
	"item_id" bigint NOT NULL,
	"company_id" integer,
	"author_user_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"decision" text,
	"decision_reason" text,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"appeal_text" text,
	"appealed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_cases_item_type_check" CHECK ("moderation_cases"."item_type" in ('company', 'review', 'message', 'photo')),
	CONSTRAINT "moderation_cases_status_check" CHECK ("moderation_cases"."status" in ('open', 'appealed', 'decided')),
	CONSTRAINT "moderation_cases_decision_check" CHECK ("moderation_cases"."decision" IS NULL OR "moderation_cases"."decision" in ('keep', 'hide', 'remove'))
);
--> statement-breakpoint
CREATE TABLE "moderation_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" integer,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"reporter_user_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"item_id" bigint NOT NULL,
	"item_label" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"outcome" text,
	"outcome_reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_reports_reason_check" CHECK ("moderation_reports"."reason" in ('fake_or_spam', 'offensive', 'wrong_information', 'scam_or_fraud', 'other'))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "moderation_state" text;--> statement-breakpoint
ALTER TABLE "company_images" ADD COLUMN "moderation_state" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "moderation_state" text;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "moderation_state" text;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_events" ADD CONSTRAINT "moderation_events_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_events" ADD CONSTRAINT "moderation_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_cases_item_key" ON "moderation_cases" USING btree ("item_type","item_id");--> statement-breakpoint
CREATE INDEX "moderation_cases_status_idx" ON "moderation_cases" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "moderation_cases_author_idx" ON "moderation_cases" USING btree ("author_user_id");--> statement-breakpoint
CREATE INDEX "moderation_events_case_idx" ON "moderation_events" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_reports_reporter_item_key" ON "moderation_reports" USING btree ("reporter_user_id","item_type","item_id");--> statement-breakpoint
CREATE INDEX "moderation_reports_case_idx" ON "moderation_reports" USING btree ("case_id");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_moderated_inactive_check" CHECK ("companies"."moderation_state" IS NULL OR NOT "companies"."is_active");