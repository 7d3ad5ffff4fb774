-- The postings and counts are kept per statement instead of per row: a statement that writes many posts
-- (a bulk insert, a seed) adds each token's count once, instead of updating the same count row once per
-- post, which made such a statement's cost grow with the square of its rows.
DROP TRIGGER IF EXISTS job_posts_words_insert_delete ON job_posts;
--> statement-breakpoint
DROP TRIGGER IF EXISTS job_posts_words_update ON job_posts;
--> statement-breakpoint
DROP FUNCTION IF EXISTS referio_job_post_words_sync();
--> statement-breakpoint
-- The tokens of a post from its columns (the transition tables below have no job_posts row type).
CREATE OR REPLACE FUNCTION referio_job_tokens(
  words text[], job_type job_type, job_location job_location, industry industry,
  experience experience, company_id uuid) RETURNS text[]
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT words || ARRAY[
          '~type:' || job_type::text,
          '~loc:' || job_location::text,
          '~ind:' || industry::text,
          '~exp:' || experience::text]
        || CASE WHEN company_id IS NULL THEN '{}'::text[] ELSE ARRAY['~co:' || company_id::text] END $$;
--> statement-breakpoint
-- Adds the postings and counts of the active posts in `added` and removes those in `removed` (rows of
-- job_posts as JSON arrays).
CREATE OR REPLACE FUNCTION referio_job_post_words_apply(added jsonb, removed jsonb) RETURNS void
  LANGUAGE sql
  AS $$
  DELETE FROM job_post_words w
    USING (SELECT t, r.created_at, r.id
           FROM jsonb_populate_recordset(null::job_posts, removed) AS r,
                unnest(referio_job_tokens(r.search_words, r.job_type, r.job_location, r.industry,
                                          r.experience, r.company_id)) AS t
           WHERE r.status = 'active') AS p
    WHERE w.word = p.t AND w.created_at = p.created_at AND w.job_id = p.id;
  INSERT INTO job_post_words (word, created_at, job_id, job_type, job_location, industry, experience)
    SELECT DISTINCT t, r.created_at, r.id, r.job_type, r.job_location, r.industry, r.experience
    FROM jsonb_populate_recordset(null::job_posts, added) AS r,
         unnest(referio_job_tokens(r.search_words, r.job_type, r.job_location, r.industry,
                                   r.experience, r.company_id)) AS t
    WHERE r.status = 'active';
  -- In word order, so two statements lock the count rows they share in the same order (no deadlock).
  INSERT INTO job_word_counts AS c (word, jobs)
    SELECT t, sum(x.d)::int
    FROM (SELECT added AS rows, 1 AS d UNION ALL SELECT removed, -1) AS x,
         jsonb_populate_recordset(null::job_posts, x.rows) AS r,
         unnest(referio_job_tokens(r.search_words, r.job_type, r.job_location, r.industry,
                                   r.experience, r.company_id)) AS t
    WHERE r.status = 'active'
    GROUP BY t HAVING sum(x.d) <> 0 ORDER BY t
    ON CONFLICT (word) DO UPDATE SET jobs = c.jobs + excluded.jobs;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION referio_job_posts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM referio_job_post_words_apply((SELECT coalesce(jsonb_agg(n), '[]') FROM new_rows n), '[]');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION referio_job_posts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM referio_job_post_words_apply('[]', (SELECT coalesce(jsonb_agg(o), '[]') FROM old_rows o));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only the posts whose words, status, filter values or date changed (not every approved referral).
CREATE OR REPLACE FUNCTION referio_job_posts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added jsonb;
  removed jsonb;
BEGIN
  SELECT coalesce(jsonb_agg(to_jsonb(n)), '[]'), coalesce(jsonb_agg(to_jsonb(o)), '[]')
    INTO added, removed
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.search_words, o.status, o.job_type, o.job_location, o.industry, o.experience,
           o.company_id, o.created_at)
      IS DISTINCT FROM (n.search_words, n.status, n.job_type, n.job_location, n.industry,
           n.experience, n.company_id, n.created_at);
  IF added <> '[]' THEN
    PERFORM referio_job_post_words_apply(added, removed);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER job_posts_words_inserted AFTER INSERT ON job_posts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION referio_job_posts_inserted();
--> statement-breakpoint
CREATE TRIGGER job_posts_words_deleted AFTER DELETE ON job_posts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION referio_job_posts_deleted();
--> statement-breakpoint
CREATE TRIGGER job_posts_words_updated AFTER UPDATE ON job_posts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION referio_job_posts_updated();
