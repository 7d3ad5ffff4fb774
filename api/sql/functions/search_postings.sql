-- The public search's postings (docs/search.md): job_post_words (token, place) for every listed post,
-- job_word_counts (each token's number of listed posts) and job_search_bits (the common tokens' bitmaps:
-- bit i of block b is the post at place b * 8192 + i). Kept by the statement triggers on job_posts
-- (migration 0013) through referio_job_post_words_apply(); referio_search_rebuild() makes them again
-- from job_posts (a bulk load, or a database the API found stale at start).

-- Whether a post is in the public search (and so has postings). The one place that says so: a condition
-- added here (an owner suspended, a post hidden) applies to the postings, their counts and the page.
-- A change here needs `SELECT referio_search_rebuild()` once (a versioned migration).
CREATE OR REPLACE FUNCTION referio_job_listed(j job_posts) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT j.status = 'active' $$;

-- The texts a post's words come from, each on its own (a phrase's words are adjacent in one of them):
-- its company name, title, address, location type and each skill (search_words reads the same ones).
CREATE OR REPLACE FUNCTION referio_job_fields(j job_posts) RETURNS text[]
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT ARRAY[j.company_name, j.job_title, j.address, j.job_location::text] || j.required_skills $$;

-- The words of a post as written (folded, not stemmed), each once: those of the text search_words is
-- read from (one fold of it), for the vocabulary.
CREATE OR REPLACE FUNCTION referio_job_written_words(j job_posts) RETURNS SETOF text
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT DISTINCT w FROM regexp_split_to_table(referio_search_fold(
          j.company_name || ' ' || j.job_title || ' ' || referio_skills_text(j.required_skills) || ' '
          || j.address || ' ' || j.job_location::text), ' ') AS w WHERE w <> '' $$;

-- The vocabulary a search's last word is completed from (job_search_vocab, referio_search_parse()): the
-- words of `posts` (rows of job_posts as JSON) as written, each with its stem (a folded word's
-- referio_words()); only ever added to, and only the words it lacks are stemmed.
CREATE OR REPLACE FUNCTION referio_search_vocab_add(posts jsonb) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO job_search_vocab (word, stem)
    SELECT n.w, t.s[1]
    FROM (SELECT DISTINCT x AS w FROM jsonb_populate_recordset(null::job_posts, posts) AS r,
            referio_job_written_words(r) AS x
          WHERE referio_job_listed(r)) AS n
    CROSS JOIN LATERAL (SELECT tsvector_to_array(to_tsvector('referio', n.w)) AS s) AS t
    WHERE cardinality(t.s) > 0 AND NOT EXISTS (SELECT 1 FROM job_search_vocab v WHERE v.word = n.w)
    ORDER BY 1
  ON CONFLICT DO NOTHING;
$$;

-- The vocabulary made again from the listed posts.
CREATE OR REPLACE FUNCTION referio_search_vocab_rebuild() RETURNS void
  LANGUAGE sql AS $$
  TRUNCATE job_search_vocab;
  INSERT INTO job_search_vocab (word, stem)
    SELECT n.w, t.s[1]
    FROM (SELECT DISTINCT x AS w FROM job_posts j, referio_job_written_words(j) AS x
          WHERE referio_job_listed(j)) AS n
    CROSS JOIN LATERAL (SELECT tsvector_to_array(to_tsvector('referio', n.w)) AS s) AS t
    WHERE cardinality(t.s) > 0;
$$;

-- The pairs of stems adjacent in one of a post's texts (referio_job_fields()), in order, each a token
-- 'a b' (a space: no word has one): a phrase of two words is one token, of more all its pairs (then
-- checked on the post). Sorted, each once.
CREATE OR REPLACE FUNCTION referio_job_pairs(j job_posts) RETURNS text[]
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(DISTINCT y.pair ORDER BY y.pair), '{}')
        FROM unnest(referio_job_fields(j)) AS f(t),
             LATERAL (SELECT x.lexeme || ' ' || lead(x.lexeme) OVER w AS pair, x.p, lead(x.p) OVER w AS np
                      FROM (SELECT l.lexeme, q.p FROM unnest(to_tsvector('referio', referio_search_fold(f.t))) AS l,
                                   unnest(l.positions) AS q(p)) AS x
                      WINDOW w AS (ORDER BY x.p)) AS y
        WHERE y.np = y.p + 1 $$;

-- A post's tokens: its words (search_words), its pairs (referio_job_pairs()) and one token per filter value.
CREATE OR REPLACE FUNCTION referio_job_tokens(j job_posts) RETURNS text[]
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT j.search_words || referio_job_pairs(j) || referio_filter_tokens(j.job_type::text, j.job_location::text,
                                                      j.industry::text, j.experience::text, j.company_id) $$;

-- A token with at least this many listed posts is kept as bitmaps too; one that falls under half of it
-- loses them. Below it a search reads the token's postings (fewer than this many); above it, its bitmaps
-- (about 125 blocks at a million posts, whatever its count).
CREATE OR REPLACE FUNCTION referio_search_bits_min() RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 1000 $$;

-- The block of one post's place with its bit set.
CREATE OR REPLACE FUNCTION referio_search_bit(pos integer) RETURNS bit varying
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT set_bit(B'0'::bit(8192)::bit varying, pos & 8191, 1) $$;

-- Gives the bitmaps to the tokens (of `tokens`, or all) whose count reached referio_search_bits_min(),
-- built from their postings, and takes them from those that fell under half of it.
CREATE OR REPLACE FUNCTION referio_search_bits_refresh(tokens text[] DEFAULT NULL) RETURNS void
  LANGUAGE sql AS $$
  WITH down AS (
    UPDATE job_word_counts SET has_bits = false
    WHERE has_bits AND jobs < referio_search_bits_min() / 2 AND (tokens IS NULL OR word = ANY (tokens))
    RETURNING word)
  DELETE FROM job_search_bits b USING down WHERE b.token = down.word;
  WITH up AS (
    UPDATE job_word_counts SET has_bits = true
    WHERE NOT has_bits AND jobs >= referio_search_bits_min() AND (tokens IS NULL OR word = ANY (tokens))
    RETURNING word)
  INSERT INTO job_search_bits (token, block, bits)
    SELECT p.word, p.pos >> 13, bit_or(referio_search_bit(p.pos))
    FROM job_post_words p JOIN up ON up.word = p.word
    GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (token, block) DO UPDATE SET bits = excluded.bits;
$$;

-- The net change of the posts in `added` and `removed` (rows of job_posts as JSON arrays) to the
-- postings, the counts and the bitmaps. A token whose posting is removed and added back (an edit that
-- kept it) changes nothing. Counts are locked in token order before any bitmap, and a bitmap row is
-- written only by a statement holding its token's count row: no deadlock.
CREATE OR REPLACE FUNCTION referio_job_post_words_apply(added jsonb, removed jsonb) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  ts text[];
  ps integer[];
  ds integer[];
BEGIN
  SELECT coalesce(array_agg(n.t ORDER BY n.t, n.pos), '{}'), coalesce(array_agg(n.pos ORDER BY n.t, n.pos), '{}'),
         coalesce(array_agg(n.d ORDER BY n.t, n.pos), '{}')
    INTO ts, ps, ds
    FROM (SELECT t, r.search_pos AS pos, sum(x.d)::int AS d
          FROM (SELECT added AS rows, 1 AS d UNION ALL SELECT removed, -1) AS x,
               jsonb_populate_recordset(null::job_posts, x.rows) AS r,
               unnest(referio_job_tokens(r)) AS t
          WHERE referio_job_listed(r)
          GROUP BY 1, 2 HAVING sum(x.d) <> 0) AS n;
  IF added <> '[]' THEN
    PERFORM referio_search_vocab_add(added);
  END IF;
  IF cardinality(ts) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM job_post_words w USING unnest(ts, ps, ds) AS n(t, pos, d)
    WHERE n.d < 0 AND w.word = n.t AND w.pos = n.pos;
  INSERT INTO job_post_words (word, pos)
    SELECT n.t, n.pos FROM unnest(ts, ps, ds) AS n(t, pos, d) WHERE n.d > 0;
  INSERT INTO job_word_counts AS c (word, jobs)
    SELECT n.t, sum(sign(n.d))::int FROM unnest(ts, ps, ds) AS n(t, pos, d)
    GROUP BY n.t ORDER BY n.t
    ON CONFLICT (word) DO UPDATE SET jobs = c.jobs + excluded.jobs;
  UPDATE job_search_bits b SET bits = b.bits & ~m.bits
    FROM (SELECT n.t, n.pos >> 13 AS block, bit_or(referio_search_bit(n.pos)) AS bits
          FROM unnest(ts, ps, ds) AS n(t, pos, d) JOIN job_word_counts c ON c.word = n.t AND c.has_bits
          WHERE n.d < 0 GROUP BY 1, 2) AS m
    WHERE b.token = m.t AND b.block = m.block;
  INSERT INTO job_search_bits AS b (token, block, bits)
    SELECT n.t, n.pos >> 13, bit_or(referio_search_bit(n.pos))
    FROM unnest(ts, ps, ds) AS n(t, pos, d) JOIN job_word_counts c ON c.word = n.t AND c.has_bits
    WHERE n.d > 0 GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (token, block) DO UPDATE SET bits = b.bits | excluded.bits;
  PERFORM referio_search_bits_refresh(ARRAY(SELECT DISTINCT u FROM unnest(ts) AS u ORDER BY u));
END $$;

CREATE OR REPLACE FUNCTION referio_job_posts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM referio_job_post_words_apply((SELECT coalesce(jsonb_agg(n), '[]') FROM new_rows n), '[]');
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION referio_job_posts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM referio_job_post_words_apply('[]', (SELECT coalesce(jsonb_agg(o), '[]') FROM old_rows o));
  RETURN NULL;
END $$;

-- Only the posts whose tokens or listing changed (not every approved referral).
CREATE OR REPLACE FUNCTION referio_job_posts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added jsonb;
  removed jsonb;
BEGIN
  SELECT coalesce(jsonb_agg(to_jsonb(n)), '[]'), coalesce(jsonb_agg(to_jsonb(o)), '[]')
    INTO added, removed
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    -- (What the tokens are made of, not the tokens: an update of anything else stems nothing.)
    WHERE (referio_job_listed(o), o.search_words, referio_job_fields(o), o.job_type, o.job_location,
           o.industry, o.experience, o.company_id, o.search_pos)
      IS DISTINCT FROM (referio_job_listed(n), n.search_words, referio_job_fields(n), n.job_type,
                        n.job_location, n.industry, n.experience, n.company_id, n.search_pos);
  IF added <> '[]' THEN
    PERFORM referio_job_post_words_apply(added, removed);
  END IF;
  RETURN NULL;
END $$;

-- The postings, counts and bitmaps made again from job_posts, in the order a live database has them
-- (place by place: the postings a search reads then sit together), the postings' key built once after
-- them rather than row by row. For a bulk load with the triggers off (tools/bench/lib/seed.mjs), or a
-- change of referio_job_listed() or referio_words().
CREATE OR REPLACE FUNCTION referio_search_rebuild() RETURNS void
  LANGUAGE sql AS $$
  TRUNCATE job_search_bits, job_post_words, job_word_counts;
  ALTER TABLE job_post_words DROP CONSTRAINT job_post_words_pkey;
  INSERT INTO job_post_words (word, pos)
    SELECT DISTINCT t, j.search_pos FROM job_posts j, unnest(referio_job_tokens(j)) AS t
    WHERE referio_job_listed(j)
    ORDER BY 2, 1;
  ALTER TABLE job_post_words ADD CONSTRAINT job_post_words_pkey PRIMARY KEY (word, pos);
  INSERT INTO job_word_counts (word, jobs)
    SELECT word, count(*)::int FROM job_post_words GROUP BY word;
  SELECT referio_search_bits_refresh();
  SELECT referio_search_vocab_rebuild();
$$;

-- Whether the postings are those of job_posts, by a count every listed post is in once (its job type
-- token): false after a bulk load that left them stale. The API checks it at start and, when false,
-- answers searches from job_posts itself until `SELECT referio_search_rebuild()`.
CREATE OR REPLACE FUNCTION referio_search_fresh() RETURNS boolean
  LANGUAGE sql STABLE AS $$
  SELECT (SELECT count(*) FROM job_posts j WHERE referio_job_listed(j)) = referio_search_listed()
$$;
