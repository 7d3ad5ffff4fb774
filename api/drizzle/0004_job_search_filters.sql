DROP INDEX "job_posts_company_idx";--> statement-breakpoint
ALTER TABLE "job_posts" drop column "search_text";--> statement-breakpoint
ALTER TABLE "job_posts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (company_name || E'\n' || job_title || E'\n' || referio_skills_text(required_skills) || E'\n' || address || E'\n' || (case job_location when 'On-site' then 'On-site' when 'Remote' then 'Remote' else 'Hybrid' end)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "job_posts_company_status_newest_idx" ON "job_posts" USING btree ("company_id","status","created_at","id");--> statement-breakpoint
-- Dropping search_text dropped its trigram index with it (drizzle-kit sees the index as unchanged).
CREATE INDEX "job_posts_search_trgm_idx" ON "job_posts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Finer statistics for the planner's estimate of how many rows a word matches (it picks the newest-first
-- index for a common word and the trigram index for a rare one on that estimate).
ALTER TABLE "job_posts" ALTER COLUMN "search_text" SET STATISTICS 1000;
