-- Search at a million jobs (issue 12): every job post gets a place in the search (`search_pos`, numbered
-- as posts are posted), its postings are keyed by it, and the tokens common enough to be costly to walk
-- are kept as bitmaps too (job_search_bits: bit i of block b is the post at b * 8192 + i). A search of
-- common tokens ANDs their bitmaps block by block and counts the bits; one with a rare token reads that
-- token's few postings and checks the others' bits. referio_search_page() answers both in one call.
-- The walks and the GIN index of migration 0020 are gone.
DROP INDEX IF EXISTS job_posts_search_tokens_idx;
--> statement-breakpoint
DROP FUNCTION IF EXISTS referio_search_tokens(text[], job_type, job_location, industry, experience, uuid);
--> statement-breakpoint
-- The existing posts numbered oldest first (the triggers have nothing to do: no token changes).
CREATE SEQUENCE IF NOT EXISTS job_posts_search_pos_seq AS integer;
--> statement-breakpoint
ALTER TABLE "job_posts" ADD COLUMN "search_pos" integer;
--> statement-breakpoint
ALTER TABLE "job_posts" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE job_posts j SET search_pos = r.n
  FROM (SELECT id, (row_number() OVER (ORDER BY created_at, id))::int AS n FROM job_posts) AS r
  WHERE r.id = j.id;
--> statement-breakpoint
ALTER TABLE "job_posts" ENABLE TRIGGER USER;
--> statement-breakpoint
SELECT setval('job_posts_search_pos_seq', coalesce((SELECT max(search_pos) FROM job_posts), 1),
              (SELECT count(*) > 0 FROM job_posts));
--> statement-breakpoint
ALTER TABLE "job_posts" ALTER COLUMN "search_pos" SET DEFAULT nextval('job_posts_search_pos_seq');
--> statement-breakpoint
ALTER TABLE "job_posts" ALTER COLUMN "search_pos" SET NOT NULL;
--> statement-breakpoint
ALTER SEQUENCE job_posts_search_pos_seq OWNED BY job_posts.search_pos;
--> statement-breakpoint
CREATE UNIQUE INDEX "job_posts_search_pos_uq" ON "job_posts" USING btree ("search_pos");
--> statement-breakpoint
-- The postings again, keyed by the post's place: (word, pos), oldest first as a live database writes
-- them. The filters are tokens like the words (their bitmaps check them), so the key holds no columns.
DROP TABLE "job_post_words";
--> statement-breakpoint
CREATE TABLE "job_post_words" (
	"word" text NOT NULL,
	"pos" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO job_post_words (word, pos)
  SELECT DISTINCT t, j.search_pos FROM job_posts j, unnest(referio_job_tokens(j)) AS t
  WHERE j.status = 'active'
  ORDER BY 2, 1;
--> statement-breakpoint
ALTER TABLE "job_post_words" ADD CONSTRAINT "job_post_words_pkey" PRIMARY KEY("word","pos");
--> statement-breakpoint
ALTER TABLE "job_word_counts" ADD COLUMN "has_bits" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "job_search_bits" (
	"token" text NOT NULL,
	"block" integer NOT NULL,
	"bits" bit varying NOT NULL,
	CONSTRAINT "job_search_bits_pkey" PRIMARY KEY("token","block")
);
--> statement-breakpoint
-- 1 KB a block, stored in the row as it is: no compression to undo on every read.
ALTER TABLE "job_search_bits" ALTER COLUMN "bits" SET STORAGE PLAIN;
--> statement-breakpoint
-- A token with at least this many active posts is kept as bitmaps too; one that falls under half of it
-- loses them. Below it a search reads the token's postings (fewer than this many, a fraction of a
-- millisecond); above it, its bitmaps (about 125 blocks at a million posts, whatever its count).
CREATE OR REPLACE FUNCTION referio_search_bits_min() RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 1000 $$;
--> statement-breakpoint
-- The block of one post's place with its bit set.
CREATE OR REPLACE FUNCTION referio_search_bit(pos integer) RETURNS bit varying
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT set_bit(B'0'::bit(8192)::bit varying, pos & 8191, 1) $$;
--> statement-breakpoint
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
--> statement-breakpoint
-- Replaces migration 0013's: the net change of the posts in `added` and `removed` (rows of job_posts as
-- JSON arrays) to the postings, the counts and the bitmaps. A token whose posting is removed and added
-- back (an edit that kept it) changes nothing. Counts are locked in word order before any bitmap, and
-- a bitmap row is written only by a statement holding its token's count row: no deadlock.
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
               unnest(referio_job_tokens(r.search_words, r.job_type, r.job_location, r.industry,
                                         r.experience, r.company_id)) AS t
          WHERE r.status = 'active'
          GROUP BY 1, 2 HAVING sum(x.d) <> 0) AS n;
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
--> statement-breakpoint
-- The tokens common enough get their bitmaps now.
SELECT referio_search_bits_refresh();
--> statement-breakpoint
-- One page of a public search: the active posts that have every token of `tokens` (distinct words and
-- filter tokens), newest first. `positions`: the search_pos of the page's posts, newest first, from the
-- match at `start` (0-based), at most `lim`; `total`: how many match, exact up to `bound`, and more than
-- `bound` (not always all of them) beyond it: the search stops counting once it is past the bound and
-- has the page.
--   One token: its count, and its postings read backwards from `start`.
--   Only common tokens: newest block first, the blocks of the rarest ANDed with the others' of the same
--   block and their bits counted, until the page is read and the bound passed.
--   A rare token: the rare tokens' postings intersected (all of them, fewer than the threshold), then
--   checked against the common tokens' bitmaps of the blocks they fall in.
CREATE OR REPLACE FUNCTION referio_search_page(tokens text[], start integer, lim integer, bound integer,
                                               OUT total integer, OUT positions integer[])
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  missing integer;
  dense text[];
  rare text[];
  matched integer[];
  blk record;
  blocks refcursor;
  expected float8;
  n integer;
  x bigint;
  c integer;
  skip integer;
  want integer;
  j integer;
  i integer;
BEGIN
  total := 0;
  positions := '{}';
  IF cardinality(tokens) = 1 THEN
    -- One token: its count is the total, its postings read backwards are the page.
    SELECT w.jobs INTO total FROM job_word_counts w WHERE w.word = tokens[1];
    total := greatest(coalesce(total, 0), 0);
    IF total > 0 THEN
      positions := ARRAY(SELECT p.pos FROM job_post_words p WHERE p.word = tokens[1]
                         ORDER BY p.pos DESC OFFSET start LIMIT lim);
    END IF;
    RETURN;
  END IF;
  -- The tokens' counts: which are missing, which common (bitmaps) and which rare, rarest first, and how
  -- many posts the common ones would share were they independent (their counts over the active posts').
  SELECT count(*) FILTER (WHERE w.word IS NULL OR w.jobs <= 0),
         array_agg(t.tok ORDER BY w.jobs, t.tok) FILTER (WHERE w.has_bits),
         array_agg(t.tok ORDER BY w.jobs, t.tok) FILTER (WHERE NOT w.has_bits),
         -- (The active posts are counted only for two common tokens or more.)
         CASE WHEN count(*) FILTER (WHERE w.has_bits) > 1 THEN
           exp(sum(ln(greatest(w.jobs, 1)::float8)) FILTER (WHERE w.has_bits)
               - (count(*) FILTER (WHERE w.has_bits) - 1) * ln(greatest(
                 (SELECT sum(c.jobs) FROM job_word_counts c
                  WHERE c.word = ANY (ARRAY(SELECT '~type:' || e::text
                                            FROM unnest(enum_range(NULL::job_type)) AS e))), 1)::float8))
         END
    INTO missing, dense, rare, expected
    FROM unnest(tokens) AS t(tok) LEFT JOIN job_word_counts w ON w.word = t.tok;
  IF missing > 0 OR cardinality(tokens) = 0 THEN
    RETURN;
  END IF;
  IF rare IS NOT NULL THEN
    matched := ARRAY(SELECT p.pos FROM job_post_words p WHERE p.word = ANY (rare)
                     GROUP BY p.pos HAVING count(*) = cardinality(rare) ORDER BY p.pos DESC);
    IF dense IS NOT NULL AND cardinality(matched) > 0 THEN
      matched := ARRAY(
        SELECT m.pos FROM unnest(matched) AS m(pos)
        JOIN (SELECT b.block, bit_and(b.bits) AS bits FROM job_search_bits b
              WHERE b.token = ANY (dense)
                AND b.block = ANY (ARRAY(SELECT DISTINCT x.pos >> 13 FROM unnest(matched) AS x(pos)))
              GROUP BY b.block HAVING count(*) = cardinality(dense)) AS d ON d.block = m.pos >> 13
        WHERE get_bit(d.bits, m.pos & 8191) = 1
        ORDER BY m.pos DESC);
    END IF;
    total := cardinality(matched);
    positions := coalesce(matched[start + 1 : start + lim], '{}');
    RETURN;
  END IF;
  skip := start;
  want := lim;
  -- Newest block first: when the tokens are expected to meet often (more than four times the bound), the
  -- rarest common token's blocks one at a time, each ANDed
  -- with the others' of the same number (one probe of the key per token), read as the loop goes so it
  -- stops once it has the page and more than the bound; otherwise every block ANDed at once (bit_and
  -- grouped by block: a few microseconds a block instead of a probe each).
  IF expected > 4 * bound THEN
    OPEN blocks FOR
      SELECT b1.block,
             (SELECT bit_and(b.bits) FROM job_search_bits b
              WHERE b.token = ANY (dense) AND b.block = b1.block
              HAVING count(*) = cardinality(dense)) AS bits
      FROM job_search_bits b1 WHERE b1.token = dense[1]
      ORDER BY b1.block DESC;
  ELSE
    OPEN blocks FOR
      SELECT b.block, bit_and(b.bits) AS bits FROM job_search_bits b
      WHERE b.token = ANY (dense)
      GROUP BY b.block HAVING count(*) = cardinality(dense)
      ORDER BY b.block DESC;
  END IF;
  LOOP
    FETCH blocks INTO blk;
    EXIT WHEN NOT FOUND;
    CONTINUE WHEN blk.bits IS NULL;
    n := bit_count(blk.bits)::integer;
    CONTINUE WHEN n = 0;
    total := total + n;
    IF skip >= n THEN
      skip := skip - n;
    ELSIF want > 0 THEN
      -- The page starts or goes on in this block: its 64-bit chunks from the newest end, each as a
      -- bigint whose lowest set bit is the chunk's newest post.
      j := 127;
      WHILE j >= 0 AND want > 0 LOOP
        x := substring(blk.bits FROM j * 64 + 1 FOR 64)::bit(64)::bigint;
        j := j - 1;
        CONTINUE WHEN x = 0;
        IF skip > 0 THEN
          c := bit_count(x::bit(64))::integer;
          IF skip >= c THEN
            skip := skip - c;
            CONTINUE;
          END IF;
        END IF;
        WHILE x <> 0 AND want > 0 LOOP
          IF x = -9223372036854775808 THEN
            i := 0;
          ELSE
            -- The lowest set bit; its place in the chunk counts from the left.
            i := 64 - length(ltrim((x & -x)::bit(64)::text, '0'));
          END IF;
          x := x # (B'1'::bit(64) >> i)::bigint;
          IF skip > 0 THEN
            skip := skip - 1;
          ELSE
            positions := positions || (blk.block * 8192 + (j + 1) * 64 + i);
            want := want - 1;
          END IF;
        END LOOP;
      END LOOP;
      skip := 0;
    END IF;
    EXIT WHEN want = 0 AND total > bound;
  END LOOP;
  CLOSE blocks;
END $$;
