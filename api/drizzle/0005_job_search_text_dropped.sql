DROP INDEX "job_posts_company_idx";--> statement-breakpoint
DROP INDEX "job_posts_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "job_posts_company_status_newest_idx" ON "job_posts" USING btree ("company_id","status","created_at","id");--> statement-breakpoint
ALTER TABLE "job_posts" DROP COLUMN "search_text";