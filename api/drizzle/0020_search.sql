-- A GIN index over each active job's search tokens (issue 12): the same tokens as job_post_words
-- (referio_job_tokens, migration 0013: its words and the '~type:', '~loc:', '~ind:', '~exp:', '~co:'
-- filter tokens), computed from the row itself, so PostgreSQL keeps it with the row and no trigger is
-- needed. A search whose words rarely meet intersects their lists here in one bitmap instead of
-- probing the rarest word's postings one by one (src/services/jobPosts.ts, `searchPlan`).
--
-- IMMUTABLE as an index expression must be: the enum casts inside referio_job_tokens are only STABLE
-- because an enum label may be renamed (ALTER TYPE ... RENAME VALUE). Renaming a job type, location
-- type, industry or experience label therefore needs `REINDEX INDEX job_posts_search_tokens_idx` (and the
-- postings rewritten, as for any change of those tokens).
CREATE OR REPLACE FUNCTION referio_search_tokens(
  words text[], job_type job_type, job_location job_location, industry industry,
  experience experience, company_id uuid) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  -- An index is built with a search_path of pg_catalog only (PostgreSQL 17, PGlite): the schema the
  -- migrations ran in, so referio_job_tokens is found.
  SET search_path FROM CURRENT
  AS $$ SELECT referio_job_tokens(words, job_type, job_location, industry, experience, company_id) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS job_posts_search_tokens_idx ON job_posts
  USING gin (referio_search_tokens(search_words, job_type, job_location, industry, experience, company_id))
  WHERE status = 'active';
