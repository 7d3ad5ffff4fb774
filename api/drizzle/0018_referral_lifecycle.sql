CREATE TYPE "public"."decline_reason" AS ENUM('role_filled', 'experience_mismatch', 'skills_mismatch', 'cannot_refer', 'other');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'referral_expiring';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'referral_expired';--> statement-breakpoint
ALTER TYPE "public"."referral_status" ADD VALUE 'expired';--> statement-breakpoint
ALTER TYPE "public"."referral_status" ADD VALUE 'withdrawn';--> statement-breakpoint
DROP INDEX "referral_requests_job_sender_uq";--> statement-breakpoint
ALTER TABLE "referral_requests" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '168 hours' NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD COLUMN "expiry_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD COLUMN "decline_reason" "decline_reason";--> statement-breakpoint
ALTER TABLE "referral_requests" ADD COLUMN "decline_note" text;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_requests_job_sender_live_uq" ON "referral_requests" USING btree ("job_post_id","sender_id") WHERE status in ('pending', 'approved', 'declined');--> statement-breakpoint
CREATE INDEX "referral_requests_pending_expiry_idx" ON "referral_requests" USING btree ("expires_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "referral_requests_sender_created_idx" ON "referral_requests" USING btree ("sender_id","created_at");