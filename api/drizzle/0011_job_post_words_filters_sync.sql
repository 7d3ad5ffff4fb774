-- The postings carry their job's filter values (migration 0010); the trigger writes them, and the
-- postings of the posts already there are written again.
CREATE OR REPLACE FUNCTION referio_job_post_words_sync() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'active' THEN
    DELETE FROM job_post_words
      WHERE word = ANY (referio_job_tokens(OLD)) AND created_at = OLD.created_at AND job_id = OLD.id;
    INSERT INTO job_word_counts AS c (word, jobs)
      SELECT t, 0 FROM (SELECT DISTINCT t FROM unnest(referio_job_tokens(OLD)) AS t ORDER BY t) AS s
      ON CONFLICT (word) DO UPDATE SET jobs = c.jobs - 1;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'active' THEN
    INSERT INTO job_post_words (word, created_at, job_id, job_type, job_location, industry, experience)
      SELECT DISTINCT t, NEW.created_at, NEW.id, NEW.job_type, NEW.job_location, NEW.industry, NEW.experience
      FROM unnest(referio_job_tokens(NEW)) AS t;
    INSERT INTO job_word_counts AS c (word, jobs)
      SELECT t, 1 FROM (SELECT DISTINCT t FROM unnest(referio_job_tokens(NEW)) AS t ORDER BY t) AS s
      ON CONFLICT (word) DO UPDATE SET jobs = c.jobs + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO job_post_words (word, created_at, job_id, job_type, job_location, industry, experience)
  SELECT DISTINCT t, j.created_at, j.id, j.job_type, j.job_location, j.industry, j.experience
  FROM job_posts j, unnest(referio_job_tokens(j)) AS t
  WHERE j.status = 'active';
