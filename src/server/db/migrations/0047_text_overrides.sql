CREATE TABLE "text_overrides" (
	"language" text NOT NULL,
	"key" text NOT NULL,
	"message" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_overrides_language_key_pk" PRIMARY KEY("language","key")
);
--> statement-breakpoint
ALTER TABLE "text_overrides" ADD CONSTRAINT "text_overrides_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;