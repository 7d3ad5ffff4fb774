-- Emptied first (the new columns have no default); migration 0011 fills the postings again.
TRUNCATE "job_post_words";--> statement-breakpoint
ALTER TABLE "job_post_words" ADD COLUMN "job_type" "job_type" NOT NULL;--> statement-breakpoint
ALTER TABLE "job_post_words" ADD COLUMN "job_location" "job_location" NOT NULL;--> statement-breakpoint
ALTER TABLE "job_post_words" ADD COLUMN "industry" "industry" NOT NULL;--> statement-breakpoint
ALTER TABLE "job_post_words" ADD COLUMN "experience" "experience" NOT NULL;--> statement-breakpoint
ALTER TABLE "job_post_words" DROP CONSTRAINT "job_post_words_pkey";
--> statement-breakpoint
ALTER TABLE "job_post_words" ADD CONSTRAINT "job_post_words_pkey" PRIMARY KEY("word","created_at","job_id","job_type","job_location","industry","experience");