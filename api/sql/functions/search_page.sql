-- The public search's page (docs/search.md): the listed posts that have every token, newest first, read
-- from the postings (search_postings.sql). A page is `positions` (the search_pos of its posts, newest
-- first, from the match at `start` (0-based), at most `lim`) and `total` (how many match, exact up to
-- `bound`, and more than `bound`, not always all, beyond it: reading stops once it is past the bound and
-- has the page).

-- The places of a block's bits from the `skip`-th newest, at most `lim`, newest first: the chunks before
-- them skipped by their bit counts, the bits read one by one only for the page (a block of a common
-- word has hundreds of them, and reading them all, each appended to the array, cost milliseconds).
CREATE OR REPLACE FUNCTION referio_search_block_take(block integer, bits bit varying, skip integer,
                                                     lim integer) RETURNS integer[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  places integer[] := '{}';
  j integer;
  x bigint;
  i integer;
  c integer;
  want integer := lim;
BEGIN
  FOR j IN REVERSE 127 .. 0 LOOP
    EXIT WHEN want <= 0;
    x := substring(bits FROM j * 64 + 1 FOR 64)::bit(64)::bigint;
    CONTINUE WHEN x = 0;
    IF skip > 0 THEN
      c := bit_count(x::bit(64))::integer;
      IF skip >= c THEN
        skip := skip - c;
        CONTINUE;
      END IF;
    END IF;
    WHILE x <> 0 AND want > 0 LOOP
      -- The lowest set bit (the chunk's newest post); its place in the chunk counts from the left.
      IF x = -9223372036854775808 THEN
        i := 0;
      ELSE
        i := 64 - length(ltrim((x & -x)::bit(64)::text, '0'));
      END IF;
      x := x # (B'1'::bit(64) >> i)::bigint;
      IF skip > 0 THEN
        skip := skip - 1;
      ELSE
        places := places || (block * 8192 + j * 64 + i);
        want := want - 1;
      END IF;
    END LOOP;
  END LOOP;
  RETURN places;
END $$;

-- A page read on from a cursor of matching blocks `(block, bits)`, newest block first: each block's
-- bits counted into `total` (the matches before it, `total` on entry included, decide where the page
-- starts) and the page's places taken from the blocks it falls in, until the cursor ends or the page is
-- read and the bound passed. The cursor is left open (its opener closes it).
CREATE OR REPLACE FUNCTION referio_search_read_blocks(blocks refcursor, start integer, lim integer,
                                                      bound integer, INOUT total integer,
                                                      INOUT positions integer[])
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  blk record;
  n integer;
  skip integer;
BEGIN
  LOOP
    FETCH blocks INTO blk;
    EXIT WHEN NOT FOUND;
    CONTINUE WHEN blk.bits IS NULL;
    n := bit_count(blk.bits)::integer;
    CONTINUE WHEN n = 0;
    skip := greatest(start - total, 0);
    total := total + n;
    IF skip < n AND cardinality(positions) < lim THEN
      positions := positions
        || referio_search_block_take(blk.block, blk.bits, skip, lim - cardinality(positions));
    END IF;
    EXIT WHEN cardinality(positions) >= lim AND total > bound;
  END LOOP;
END $$;

-- How many posts are listed: the job type tokens' counts summed (every listed post has one).
CREATE OR REPLACE FUNCTION referio_search_listed() RETURNS bigint
  LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce(sum(c.jobs), 0) FROM job_word_counts c
          WHERE c.word = ANY (ARRAY(SELECT '~type:' || e::text FROM unnest(enum_range(NULL::job_type)) AS e)));
END $$;

-- A list of tokens sorted by their counts: `missing` how many no listed post has, `dense` the common
-- ones (with bitmaps) and `rare` the others, each rarest first, and `expected` how many posts the
-- common ones would share were they independent (their counts over the listed posts'; only for more
-- than three of them, where it chooses how their blocks are read).
CREATE OR REPLACE FUNCTION referio_search_token_kinds(tokens text[], OUT missing integer, OUT dense text[],
                                                      OUT rare text[], OUT expected float8)
  LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT count(*) FILTER (WHERE w.word IS NULL OR w.jobs <= 0),
         array_agg(t.tok ORDER BY w.jobs, t.tok) FILTER (WHERE w.has_bits),
         array_agg(t.tok ORDER BY w.jobs, t.tok) FILTER (WHERE NOT w.has_bits),
         CASE WHEN count(*) FILTER (WHERE w.has_bits) > 3 THEN
           exp(sum(ln(greatest(w.jobs, 1)::float8)) FILTER (WHERE w.has_bits)
               - (count(*) FILTER (WHERE w.has_bits) - 1) * ln(greatest(referio_search_listed(), 1)::float8))
         END
    INTO missing, dense, rare, expected
    FROM unnest(tokens) AS t(tok) LEFT JOIN job_word_counts w ON w.word = t.tok;
END $$;

-- The posts that have every rare token (their postings intersected, fewer than referio_search_bits_min()
-- each) and every common one (checked against the common tokens' bitmaps of the blocks they fall in),
-- newest first: all of them, for a page and an exact total.
CREATE OR REPLACE FUNCTION referio_search_rare_matches(rare text[], dense text[]) RETURNS integer[]
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  matched integer[];
BEGIN
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
  RETURN matched;
END $$;

-- The common tokens' blocks of the same number ANDed, newest block first, as a cursor (read as the
-- page needs them, so a search whose tokens meet often stops once it has the page and the bound).
-- Two or three tokens: their blocks joined by number (both keys read backwards and merged; an AND of
-- two 1 KB values a block, where a bit_and aggregate cost twice as much). More: when they are expected
-- to meet often (more than four times the bound) the rarest one's blocks one at a time, each ANDed with
-- the others' of the same number (one probe of the key per token); otherwise every block ANDed at once.
CREATE OR REPLACE FUNCTION referio_search_dense_blocks(dense text[], expected float8, bound integer)
  RETURNS refcursor
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  blocks refcursor;
BEGIN
  IF cardinality(dense) = 2 THEN
    OPEN blocks FOR
      SELECT a.block, a.bits & b.bits AS bits
      FROM job_search_bits a JOIN job_search_bits b ON b.token = dense[2] AND b.block = a.block
      WHERE a.token = dense[1]
      ORDER BY a.block DESC;
  ELSIF cardinality(dense) = 3 THEN
    OPEN blocks FOR
      SELECT a.block, a.bits & b.bits & c.bits AS bits
      FROM job_search_bits a
      JOIN job_search_bits b ON b.token = dense[2] AND b.block = a.block
      JOIN job_search_bits c ON c.token = dense[3] AND c.block = a.block
      WHERE a.token = dense[1]
      ORDER BY a.block DESC;
  ELSIF expected > 4 * bound THEN
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
  RETURN blocks;
END $$;

-- One page of a public search: the listed posts (referio_job_listed) that have every token of `tokens`
-- (distinct words, pairs and filter tokens).
--   One token: its count, and its postings read backwards from `start`.
--   A rare token: referio_search_rare_matches(), all of them.
--   Only common tokens: their ANDed blocks (referio_search_dense_blocks()) read until the page is read
--   and the bound passed.
CREATE OR REPLACE FUNCTION referio_search_page(tokens text[], start integer, lim integer, bound integer,
                                               OUT total integer, OUT positions integer[])
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  k record;
  matched integer[];
  blocks refcursor;
BEGIN
  total := 0;
  positions := '{}';
  IF cardinality(tokens) = 1 THEN
    SELECT w.jobs INTO total FROM job_word_counts w WHERE w.word = tokens[1];
    total := greatest(coalesce(total, 0), 0);
    IF total > 0 THEN
      positions := ARRAY(SELECT p.pos FROM job_post_words p WHERE p.word = tokens[1]
                         ORDER BY p.pos DESC OFFSET start LIMIT lim);
    END IF;
    RETURN;
  END IF;
  SELECT * INTO k FROM referio_search_token_kinds(tokens);
  IF k.missing > 0 OR cardinality(tokens) = 0 THEN
    RETURN;
  END IF;
  IF k.rare IS NOT NULL THEN
    matched := referio_search_rare_matches(k.rare, k.dense);
    total := cardinality(matched);
    positions := coalesce(matched[start + 1 : start + lim], '{}');
    RETURN;
  END IF;
  blocks := referio_search_dense_blocks(k.dense, k.expected, bound);
  SELECT r.total, r.positions INTO total, positions
    FROM referio_search_read_blocks(blocks, start, lim, bound, total, positions) AS r;
  CLOSE blocks;
END $$;
