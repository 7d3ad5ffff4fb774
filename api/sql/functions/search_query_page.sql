-- The page of a typed search read as a query (referio_search_parse(), search_query.sql) from the
-- postings (docs/search.md), as referio_search_page() answers a list of tokens: `total` exact up to
-- `bound`, `positions` newest first.

-- The tokens of a query of single tokens only (every group one alternative of one token: a word, or
-- a phrase of two words as its pair; nothing excluded, nothing to check on the posts) with the filter
-- tokens, sorted, each once: what referio_search_page() answers. Null for any other query.
CREATE OR REPLACE FUNCTION referio_search_single_tokens(q jsonb, filters text[]) RETURNS text[]
  LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF coalesce((q ->> 'v')::boolean, false) OR jsonb_array_length(q -> 'n') > 0
     OR (jsonb_array_length(q -> 'g') = 0 AND cardinality(filters) = 0)
     OR EXISTS (SELECT 1 FROM jsonb_array_elements(q -> 'g') AS e(x)
                WHERE jsonb_array_length(e.x) <> 1
                   OR jsonb_array_length(coalesce(e.x -> 0 -> 'pr', e.x -> 0 -> 't')) <> 1) THEN
    RETURN NULL;
  END IF;
  RETURN ARRAY(SELECT DISTINCT u FROM (
                 SELECT coalesce(e.x -> 0 -> 'pr', e.x -> 0 -> 't') ->> 0 AS u
                 FROM jsonb_array_elements(q -> 'g') AS e(x)
                 UNION ALL SELECT unnest(filters)) AS s ORDER BY u);
END $$;

-- A query's alternatives and their tokens, numbered, as parallel arrays: token `v_tok[i]` belongs to
-- alternative `v_alt[i]`, alternative `a` to group `v_grp[a]` and has `v_len[a]` tokens (its stems, or
-- a phrase's pairs); `ng` groups. Each filter is a group of its own. A query of exclusions only is
-- read from every listed post: one group whose alternatives are the job types (each post has one).
CREATE OR REPLACE FUNCTION referio_search_query_terms(q jsonb, filters text[], OUT v_tok text[],
                                                      OUT v_alt integer[], OUT v_grp integer[],
                                                      OUT v_len integer[], OUT ng integer)
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  g jsonb;
  a jsonb;
  t text;
  na integer := 0;
BEGIN
  v_tok := '{}';
  v_alt := '{}';
  v_grp := '{}';
  v_len := '{}';
  ng := 0;
  FOR g IN SELECT e.x FROM jsonb_array_elements(q -> 'g') AS e(x) LOOP
    ng := ng + 1;
    FOR a IN SELECT e.x FROM jsonb_array_elements(g) AS e(x) LOOP
      na := na + 1;
      v_grp := v_grp || ng;
      v_len := v_len || jsonb_array_length(coalesce(a -> 'pr', a -> 't'));
      FOR t IN SELECT jsonb_array_elements_text(coalesce(a -> 'pr', a -> 't')) LOOP
        v_tok := v_tok || t;
        v_alt := v_alt || na;
      END LOOP;
    END LOOP;
  END LOOP;
  FOREACH t IN ARRAY coalesce(filters, '{}') LOOP
    ng := ng + 1;
    na := na + 1;
    v_grp := v_grp || ng;
    v_len := v_len || 1;
    v_tok := v_tok || t;
    v_alt := v_alt || na;
  END LOOP;
  IF ng = 0 THEN
    ng := 1;
    FOR t IN SELECT '~type:' || e::text FROM unnest(enum_range(NULL::job_type)) AS e LOOP
      na := na + 1;
      v_grp := v_grp || 1;
      v_len := v_len || 1;
      v_tok := v_tok || t;
      v_alt := v_alt || na;
    END LOOP;
  END IF;
END $$;

-- The exclusions of a query that are one token (a word, a phrase of two): taken away by the blocks.
-- The others are checked on the posts (the query's `v`). plpgsql: its plan kept on the connection.
CREATE OR REPLACE FUNCTION referio_search_token_nots(q jsonb) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  IF jsonb_array_length(q -> 'n') = 0 THEN
    RETURN '{}';
  END IF;
  RETURN ARRAY(SELECT coalesce(e.x -> 'pr', e.x -> 't') ->> 0 FROM jsonb_array_elements(q -> 'n') AS e(x)
               WHERE jsonb_array_length(coalesce(e.x -> 'pr', e.x -> 't')) = 1
                 AND (NOT e.x ? 'p' OR (e.x ->> 'x')::boolean));
END $$;

-- The blocks the matches can be in when a group has only rare tokens (no bitmaps): those of the
-- postings of the rarest such group. Null when every group has a common token (the matches may be in
-- any block); empty when that group matches nothing.
CREATE OR REPLACE FUNCTION referio_search_driver_blocks(v_tok text[], v_alt integer[], v_grp integer[])
  RETURNS integer[]
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  driver integer;
BEGIN
  SELECT s.grp INTO driver
    FROM (SELECT v_grp[u.alt] AS grp, bool_or(coalesce(c.has_bits, false)) AS dense, sum(coalesce(c.jobs, 0)) AS jobs
          FROM unnest(v_tok, v_alt) AS u(tok, alt) LEFT JOIN job_word_counts c ON c.word = u.tok
          GROUP BY 1) AS s
    WHERE NOT s.dense ORDER BY s.jobs, s.grp LIMIT 1;
  IF driver IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN ARRAY(SELECT DISTINCT p.pos >> 13 FROM unnest(v_tok, v_alt) AS u(tok, alt)
               JOIN job_post_words p ON p.word = u.tok WHERE v_grp[u.alt] = driver);
END $$;

-- The blocks `lo` to `hi` of a query's matches (of `v_blocks` only, unless null), newest first, as a
-- cursor: each alternative's blocks (a common token's bitmaps, a rare one's postings made bitmaps)
-- ANDed, each group's alternatives ORed, the groups ANDed and the exclusions' blocks taken away.
CREATE OR REPLACE FUNCTION referio_search_query_blocks(v_tok text[], v_alt integer[], v_grp integer[],
                                                       v_len integer[], ng integer, v_nots text[],
                                                       v_blocks integer[], lo integer, hi integer)
  RETURNS refcursor
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  cur refcursor;
BEGIN
  OPEN cur FOR
    WITH ta AS (
      SELECT u.tok, u.alt, c.has_bits FROM unnest(v_tok, v_alt) AS u(tok, alt)
      JOIN job_word_counts c ON c.word = u.tok AND c.jobs > 0),
    tb AS (
      SELECT ta.alt, b.block, b.bits FROM ta JOIN job_search_bits b ON b.token = ta.tok
      WHERE ta.has_bits AND b.block BETWEEN lo AND hi AND (v_blocks IS NULL OR b.block = ANY (v_blocks))
      UNION ALL
      SELECT ta.alt, p.pos >> 13, bit_or(referio_search_bit(p.pos)) FROM ta JOIN job_post_words p ON p.word = ta.tok
      WHERE NOT ta.has_bits AND p.pos BETWEEN lo * 8192 AND hi * 8192 + 8191
        AND (v_blocks IS NULL OR p.pos >> 13 = ANY (v_blocks))
      GROUP BY ta.tok, 1, 2),
    ab AS (SELECT tb.alt, tb.block, bit_and(tb.bits) AS bits FROM tb GROUP BY 1, 2 HAVING count(*) = v_len[tb.alt]),
    gb AS (SELECT v_grp[ab.alt] AS grp, ab.block, bit_or(ab.bits) AS bits FROM ab GROUP BY 1, 2),
    qb AS (SELECT gb.block, bit_and(gb.bits) AS bits FROM gb GROUP BY 1 HAVING count(*) = ng),
    nb AS (
      SELECT b.block, b.bits FROM job_word_counts c JOIN job_search_bits b ON b.token = c.word
      WHERE c.word = ANY (v_nots) AND c.has_bits AND b.block IN (SELECT qb.block FROM qb)
      UNION ALL
      SELECT p.pos >> 13, referio_search_bit(p.pos) FROM job_word_counts c JOIN job_post_words p ON p.word = c.word
      WHERE c.word = ANY (v_nots) AND NOT c.has_bits AND p.pos BETWEEN lo * 8192 AND hi * 8192 + 8191)
    SELECT qb.block, CASE WHEN x.bits IS NULL THEN qb.bits ELSE qb.bits & ~x.bits END AS bits
    FROM qb LEFT JOIN (SELECT nb.block, bit_or(nb.bits) AS bits FROM nb GROUP BY 1) AS x ON x.block = qb.block
    ORDER BY qb.block DESC;
  RETURN cur;
END $$;

-- referio_search_read_blocks() for a query whose blocks hold candidates (a phrase of more than two
-- words is its pairs, a superset; an exclusion of one): each checked by referio_search_holds() on its
-- post, 256 at a time, newest first.
CREATE OR REPLACE FUNCTION referio_search_read_checked(blocks refcursor, q jsonb, start integer, lim integer,
                                                       bound integer, INOUT total integer,
                                                       INOUT positions integer[])
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  blk record;
  places integer[];
  found_ integer[];
  k integer;
  n integer;
  skip integer;
BEGIN
  <<reading>>
  LOOP
    FETCH blocks INTO blk;
    EXIT WHEN NOT FOUND;
    CONTINUE WHEN bit_count(blk.bits) = 0;
    places := referio_search_block_take(blk.block, blk.bits, 0, 8192); -- every bit of the block
    k := 1;
    WHILE k <= cardinality(places) LOOP
      found_ := ARRAY(SELECT j.search_pos FROM job_posts j
                      WHERE j.search_pos = ANY (places[k : k + 255])
                        AND referio_search_holds(j.search_words, referio_job_fields(j), q)
                      ORDER BY j.search_pos DESC);
      k := k + 256;
      n := cardinality(found_);
      skip := greatest(start - total, 0);
      total := total + n;
      IF skip < n AND cardinality(positions) < lim THEN
        positions := positions || found_[skip + 1 : skip + lim - cardinality(positions)];
      END IF;
      EXIT reading WHEN cardinality(positions) >= lim AND total > bound;
    END LOOP;
  END LOOP;
END $$;

-- One page of a public search for a query (referio_search_parse()) and filter tokens. A query of single
-- tokens: referio_search_page() itself. Otherwise its blocks (referio_search_query_blocks()) in windows,
-- newest first (2 blocks, then 8, 32, ...; only the driver's blocks when a group has only rare tokens):
-- a query whose matches are many stops after a window or two once it has the page and more than the
-- bound, where reading every block at once cost each search as much as its rarest. A phrase is its
-- pairs of adjacent stems (referio_job_pairs()): exact for two words; a longer phrase (or an exclusion
-- of one) is checked on the posts (referio_search_read_checked()).
CREATE OR REPLACE FUNCTION referio_search_query_page(q jsonb, filters text[], start integer, lim integer,
                                                     bound integer, OUT total integer, OUT positions integer[])
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  tokens text[] := referio_search_single_tokens(q, filters);
  nots text[] := referio_search_token_nots(q);
  t record;
  only_blocks integer[];
  blocks refcursor;
  hi integer;
  lo integer;
  lowest integer := 0;
  width integer := 2;
BEGIN
  total := 0;
  positions := '{}';
  IF tokens IS NOT NULL THEN
    SELECT p.total, p.positions INTO total, positions FROM referio_search_page(tokens, start, lim, bound) AS p;
    RETURN;
  END IF;
  SELECT * INTO t FROM referio_search_query_terms(q, filters);
  only_blocks := referio_search_driver_blocks(t.v_tok, t.v_alt, t.v_grp);
  IF only_blocks IS NULL THEN
    hi := (SELECT max(j.search_pos) >> 13 FROM job_posts j);
  ELSE
    hi := (SELECT max(x) FROM unnest(only_blocks) AS x);
    lowest := (SELECT min(x) FROM unnest(only_blocks) AS x);
  END IF;
  IF hi IS NULL THEN
    RETURN;
  END IF;
  LOOP
    lo := greatest(hi - width + 1, lowest);
    blocks := referio_search_query_blocks(t.v_tok, t.v_alt, t.v_grp, t.v_len, t.ng, nots, only_blocks, lo, hi);
    IF coalesce((q ->> 'v')::boolean, false) THEN
      SELECT r.total, r.positions INTO total, positions
        FROM referio_search_read_checked(blocks, q, start, lim, bound, total, positions) AS r;
    ELSE
      SELECT r.total, r.positions INTO total, positions
        FROM referio_search_read_blocks(blocks, start, lim, bound, total, positions) AS r;
    END IF;
    CLOSE blocks;
    EXIT WHEN (cardinality(positions) >= lim AND total > bound) OR lo <= lowest;
    hi := lo - 1;
    width := width * 4;
  END LOOP;
END $$;
