CREATE TABLE "job_post_words" (
	"word" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"job_id" uuid NOT NULL,
	CONSTRAINT "job_post_words_pkey" PRIMARY KEY("word","created_at","job_id")
);
--> statement-breakpoint
ALTER TABLE "job_posts" ADD COLUMN "search_words" text[] GENERATED ALWAYS AS (referio_words(company_name || ' ' || job_title || ' ' || referio_skills_text(required_skills) || ' ' || address || ' ' || (case job_location when 'On-site' then 'On-site' when 'Remote' then 'Remote' else 'Hybrid' end))) STORED NOT NULL;