-- The operator's reason for a suspension, told to the user (their e-mail and page), and account mail in the
-- outbox that belongs to no notification kind (no preference turns a suspension notice off).
ALTER TABLE "mail_outbox" ALTER COLUMN "kind" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text;
