ALTER TYPE "public"."otp_purpose" ADD VALUE 'email_change';--> statement-breakpoint
CREATE TABLE "login_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"auth_mode" "auth_mode" DEFAULT 'candidate' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "otp_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "requester" text;--> statement-breakpoint
CREATE INDEX "login_links_created_idx" ON "login_links" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "otp_failures_email_created_idx" ON "otp_failures" USING btree ("email","created_at");