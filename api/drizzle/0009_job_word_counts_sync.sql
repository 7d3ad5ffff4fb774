-- The postings trigger (migration 0007) also keeps job_word_counts: one more active post per token it
-- adds, one fewer per token it removes. Counts are changed in token order, so two posts written at once
-- lock the rows they share in the same order (no deadlock).
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
    INSERT INTO job_post_words (word, created_at, job_id)
      SELECT DISTINCT t, NEW.created_at, NEW.id FROM unnest(referio_job_tokens(NEW)) AS t;
    INSERT INTO job_word_counts AS c (word, jobs)
      SELECT t, 1 FROM (SELECT DISTINCT t FROM unnest(referio_job_tokens(NEW)) AS t ORDER BY t) AS s
      ON CONFLICT (word) DO UPDATE SET jobs = c.jobs + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The posts already there.
INSERT INTO job_word_counts (word, jobs)
  SELECT word, count(*)::int FROM job_post_words GROUP BY word;
