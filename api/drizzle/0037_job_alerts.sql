-- Job alerts (docs/notifications.md, "Job alerts"): people's saved searches, the queue of new posts the sweep
-- matches against them, and each alert's matched jobs (one row per alert and job: never mailed twice).
CREATE TYPE "public"."job_alert_frequency" AS ENUM('instant', 'daily', 'paused');--> statement-breakpoint
CREATE TABLE "job_alert_matches" (
	"alert_id" uuid NOT NULL,
	"job_post_id" uuid NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"mail_id" bigint,
	CONSTRAINT "job_alert_matches_pkey" PRIMARY KEY("alert_id","job_post_id")
);
--> statement-breakpoint
CREATE TABLE "job_alert_queue" (
	"job_post_id" uuid PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"search" text DEFAULT '' NOT NULL,
	"job_type" "job_type",
	"job_location" "job_location",
	"industry" "industry",
	"experience" "experience",
	"company_id" uuid,
	"frequency" "job_alert_frequency" DEFAULT 'daily' NOT NULL,
	"last_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_alerts_criteria_uq" UNIQUE NULLS NOT DISTINCT("user_id","search","job_type","job_location","industry","experience","company_id")
);
--> statement-breakpoint
ALTER TABLE "job_alert_matches" ADD CONSTRAINT "job_alert_matches_alert_id_job_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."job_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_matches" ADD CONSTRAINT "job_alert_matches_job_post_id_job_posts_id_fk" FOREIGN KEY ("job_post_id") REFERENCES "public"."job_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_matches" ADD CONSTRAINT "job_alert_matches_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_queue" ADD CONSTRAINT "job_alert_queue_job_post_id_job_posts_id_fk" FOREIGN KEY ("job_post_id") REFERENCES "public"."job_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_alert_matches_pending_idx" ON "job_alert_matches" USING btree ("alert_id","matched_at") WHERE settled_at is null;--> statement-breakpoint
CREATE INDEX "job_alert_matches_job_idx" ON "job_alert_matches" USING btree ("job_post_id");--> statement-breakpoint
CREATE INDEX "job_alerts_user_created_idx" ON "job_alerts" USING btree ("user_id","created_at");