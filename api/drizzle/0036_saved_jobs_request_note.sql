-- Saved jobs (the candidate's heart: one row per person and job, their tab reads it by time) and the
-- candidate's optional note to the referrer with a referral request (docs/decisions-candidate.md).
CREATE TABLE "saved_jobs" (
	"user_id" uuid NOT NULL,
	"job_post_id" uuid NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_jobs_pkey" PRIMARY KEY("user_id","job_post_id")
);
--> statement-breakpoint
ALTER TABLE "referral_requests" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_job_post_id_job_posts_id_fk" FOREIGN KEY ("job_post_id") REFERENCES "public"."job_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_jobs_user_saved_idx" ON "saved_jobs" USING btree ("user_id","saved_at","job_post_id");
