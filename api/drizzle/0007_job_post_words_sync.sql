-- job_post_words (migration 0006) follows job_posts: an active post has one row per search word and per
-- filter value; an inactive or deleted one has none. referio_job_tokens() is the one definition of those
-- words, used by the trigger below and by any bulk fill (api/scripts/bench-seed.mjs).
CREATE OR REPLACE FUNCTION referio_job_tokens(j job_posts) RETURNS text[]
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT j.search_words || ARRAY[
          '~type:' || j.job_type::text,
          '~loc:' || j.job_location::text,
          '~ind:' || j.industry::text,
          '~exp:' || j.experience::text]
        || CASE WHEN j.company_id IS NULL THEN '{}'::text[] ELSE ARRAY['~co:' || j.company_id::text] END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION referio_job_post_words_sync() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'active' THEN
    DELETE FROM job_post_words
      WHERE word = ANY (referio_job_tokens(OLD)) AND created_at = OLD.created_at AND job_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'active' THEN
    INSERT INTO job_post_words (word, created_at, job_id)
      SELECT DISTINCT t, NEW.created_at, NEW.id FROM unnest(referio_job_tokens(NEW)) AS t;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER job_posts_words_insert_delete AFTER INSERT OR DELETE ON job_posts
  FOR EACH ROW EXECUTE FUNCTION referio_job_post_words_sync();
--> statement-breakpoint
-- Only the columns a search or a filter reads (not every approved referral, say).
CREATE TRIGGER job_posts_words_update AFTER UPDATE ON job_posts
  FOR EACH ROW WHEN (
    OLD.search_words IS DISTINCT FROM NEW.search_words OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.job_type IS DISTINCT FROM NEW.job_type OR OLD.job_location IS DISTINCT FROM NEW.job_location
    OR OLD.industry IS DISTINCT FROM NEW.industry OR OLD.experience IS DISTINCT FROM NEW.experience
    OR OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION referio_job_post_words_sync();
--> statement-breakpoint
-- The posts already there.
INSERT INTO job_post_words (word, created_at, job_id)
  SELECT DISTINCT t, j.created_at, j.id
  FROM job_posts j, unnest(referio_job_tokens(j)) AS t
  WHERE j.status = 'active';
--> statement-breakpoint
-- Finer statistics: the planner reads the rarest of a search's words and filters first on their estimate.
ALTER TABLE job_post_words ALTER COLUMN word SET STATISTICS 1000;
