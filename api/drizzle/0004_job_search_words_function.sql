-- The words a job search matches (issue 12): lower-case runs of letters and digits, each once. IMMUTABLE
-- (lower and regexp_split_to_table are), so job_posts.search_words can be generated from it. The API
-- splits a typed search the same way (src/services/jobPosts.ts, searchTokens).
CREATE OR REPLACE FUNCTION referio_words(text text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(DISTINCT w ORDER BY w), '{}'::text[])
        FROM regexp_split_to_table(lower(text), '[^[:alnum:]]+') AS w WHERE w <> '' $$;
