-- Account safety (issue 28): a sign-in link remembers the browser that asked for it; wrong codes from a
-- browser that signed in to the address before count apart; "this wasn't me" links for a changed sign-in e-mail.
CREATE TABLE "email_reverts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_reverts_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "login_links" ADD COLUMN "browser_hash" text;--> statement-breakpoint
ALTER TABLE "otp_failures" ADD COLUMN "known_device" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_reverts" ADD CONSTRAINT "email_reverts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_reverts_user_idx" ON "email_reverts" USING btree ("user_id");