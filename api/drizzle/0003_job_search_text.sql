DROP INDEX "job_posts_title_trgm_idx";--> statement-breakpoint
DROP INDEX "job_posts_company_name_trgm_idx";--> statement-breakpoint
DROP INDEX "job_posts_skills_trgm_idx";--> statement-breakpoint
ALTER TABLE "job_posts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (company_name || E'\n' || job_title || E'\n' || referio_skills_text(required_skills)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "job_posts_search_trgm_idx" ON "job_posts" USING gin ("search_text" gin_trgm_ops);