CREATE TABLE "category_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"help_text" text,
	"required" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unit" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_questions_kind_check" CHECK ("category_questions"."kind" in ('single_choice', 'multiple_choice', 'number', 'date', 'text'))
);
--> statement-breakpoint
CREATE TABLE "quote_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer,
	"low_minor" integer,
	"high_minor" integer,
	"currency" text NOT NULL,
	"includes" text DEFAULT '' NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_offers_kind_check" CHECK ("quote_offers"."kind" in ('fixed', 'hourly', 'range')),
	CONSTRAINT "quote_offers_price_check" CHECK (("quote_offers"."kind" in ('fixed', 'hourly') AND "quote_offers"."amount_minor" > 0 AND "quote_offers"."low_minor" IS NULL AND "quote_offers"."high_minor" IS NULL)
        OR ("quote_offers"."kind" = 'range' AND "quote_offers"."amount_minor" IS NULL AND "quote_offers"."low_minor" > 0 AND "quote_offers"."high_minor" > "quote_offers"."low_minor"))
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_sender_type_check";--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_has_content";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "questions_seeded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "hire_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "event" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "offer_id" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "hired_company_id" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "hired_offer_id" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "close_reason" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "close_note" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "hired_quote_id" integer;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "hired_category_name" text;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "hired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "category_questions" ADD CONSTRAINT "category_questions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_offers" ADD CONSTRAINT "quote_offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_offers" ADD CONSTRAINT "quote_offers_quote_id_company_id_quote_companies_quote_id_company_id_fk" FOREIGN KEY ("quote_id","company_id") REFERENCES "public"."quote_companies"("quote_id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_questions_category_idx" ON "category_questions" USING btree ("category_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_offers_version_key" ON "quote_offers" USING btree ("quote_id","company_id","version");--> statement-breakpoint
CREATE INDEX "quote_offers_company_idx" ON "quote_offers" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_offer_id_quote_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."quote_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_hired_company_id_companies_id_fk" FOREIGN KEY ("hired_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_hired_offer_id_quote_offers_id_fk" FOREIGN KEY ("hired_offer_id") REFERENCES "public"."quote_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_hired_quote_id_quotes_id_fk" FOREIGN KEY ("hired_quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_hired_company_idx" ON "quotes" USING btree ("hired_company_id") WHERE "quotes"."hired_company_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_hire_count_check" CHECK ("companies"."hire_count" >= 0);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_event_check" CHECK ("messages"."event" IS NULL OR "messages"."event" in ('offer_made', 'offer_revised', 'offer_withdrawn', 'hired', 'not_chosen', 'request_closed'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_type_check" CHECK ("messages"."sender_type" in ('user', 'company', 'system'));--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_outcome_check" CHECK ("quotes"."outcome" IS NULL OR ("quotes"."status" = 'completed' AND "quotes"."decided_at" IS NOT NULL AND (
        ("quotes"."outcome" = 'hired' AND "quotes"."close_reason" IS NULL) OR
        ("quotes"."outcome" = 'closed' AND "quotes"."close_reason" IN ('hired_elsewhere', 'no_longer_needed', 'too_expensive', 'other') AND "quotes"."hired_company_id" IS NULL))));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_has_content" CHECK ("messages"."message" is not null or "messages"."image_object_id" is not null or "messages"."event" is not null);
