ALTER TABLE "referral_requests" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
-- Backfill (added by hand to the generated statements): an answered request's last change was its answer.
UPDATE "referral_requests" SET "responded_at" = "updated_at" WHERE "status" IN ('approved', 'declined') AND "responded_at" IS NULL;--> statement-breakpoint
CREATE INDEX "referral_requests_recipient_created_idx" ON "referral_requests" USING btree ("recipient_id","created_at","status","responded_at");
