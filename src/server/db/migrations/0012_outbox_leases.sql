DROP INDEX "notification_outbox_pending_idx";--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notification_outbox_due_idx" ON "notification_outbox" USING btree ("next_attempt_at") WHERE "notification_outbox"."sent_at" is null and "notification_outbox"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "notification_outbox_sent_idx" ON "notification_outbox" USING btree ("sent_at") WHERE "notification_outbox"."sent_at" is not null;