-- PostgreSQL's full-text search for the public job search (docs/search.md): each post's words as a
-- generated tsvector (referio_search_doc(), api/sql/functions/search.sql) on a GIN index. unaccent folds
-- accents (PGlite loads its bundle; PostgreSQL ships it in contrib).
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
ALTER TABLE "job_posts" ADD COLUMN "search_doc" "tsvector" GENERATED ALWAYS AS (referio_search_doc(job_title, company_name, required_skills, address, (case job_location when 'On-site' then 'On-site' when 'Remote' then 'Remote' else 'Hybrid' end))) STORED;
--> statement-breakpoint
CREATE INDEX "job_posts_search_doc_idx" ON "job_posts" USING gin ("search_doc");
