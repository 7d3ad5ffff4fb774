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

-- A query's tokens as its blocks are combined (referio_search_query_blocks()): `v_and`, the tokens of
-- every group of one alternative (each filter is one), each once, all ANDed; and the groups of several
-- alternatives as parallel arrays: token `v_tok[i]` belongs to alternative `v_alt[i]`, alternative `a`
-- to group `v_grp[a]` and has `v_len[a]` tokens (its stems, or a phrase's pairs). A match is in `ng`
-- rows of a block: one a token of `v_and`, one a group of several. A query of exclusions only is read
-- from every listed post: one group whose alternatives are the job types (each post has one).
CREATE OR REPLACE FUNCTION referio_search_query_parts(q jsonb, filters text[], OUT v_and text[],
                                                      OUT v_tok text[], OUT v_alt integer[],
                                                      OUT v_grp integer[], OUT v_len integer[], OUT ng integer)
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  g jsonb;
  a jsonb;
  t text;
  na integer := 0;
  ors integer := 0;
BEGIN
  v_and := coalesce(filters, '{}');
  v_tok := '{}';
  v_alt := '{}';
  v_grp := '{}';
  v_len := '{}';
  FOR g IN SELECT e.x FROM jsonb_array_elements(q -> 'g') AS e(x) LOOP
    IF jsonb_array_length(g) = 1 THEN
      v_and := v_and || ARRAY(SELECT jsonb_array_elements_text(coalesce(g -> 0 -> 'pr', g -> 0 -> 't')));
      CONTINUE;
    END IF;
    ors := ors + 1;
    FOR a IN SELECT e.x FROM jsonb_array_elements(g) AS e(x) LOOP
      na := na + 1;
      v_grp := v_grp || ors;
      v_len := v_len || jsonb_array_length(coalesce(a -> 'pr', a -> 't'));
      FOR t IN SELECT jsonb_array_elements_text(coalesce(a -> 'pr', a -> 't')) LOOP
        v_tok := v_tok || t;
        v_alt := v_alt || na;
      END LOOP;
    END LOOP;
  END LOOP;
  IF cardinality(v_and) = 0 AND ors = 0 THEN
    ors := 1;
    FOR t IN SELECT '~type:' || e::text FROM unnest(enum_range(NULL::job_type)) AS e LOOP
      na := na + 1;
      v_grp := v_grp || 1;
      v_len := v_len || 1;
      v_tok := v_tok || t;
      v_alt := v_alt || na;
    END LOOP;
  END IF;
  v_and := ARRAY(SELECT DISTINCT u FROM unnest(v_and) AS u ORDER BY u);
  ng := cardinality(v_and) + ors;
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

-- Where a query's matches can be and how many there may be (referio_search_query_parts(); a token of
-- `v_and` is a group of its own). `only_blocks`: when a group has only rare tokens (no bitmaps), the
-- blocks of the postings of the rarest such group; null when every group has a common token (the
-- matches may be in any block); empty when that group matches nothing. `expected`: how many posts
-- match were the groups independent (an alternative's share of the listed posts its tokens' multiplied,
-- a group's its alternatives' added, the query's its groups' multiplied). `dense`: every token common.
CREATE OR REPLACE FUNCTION referio_search_query_scope(v_and text[], v_tok text[], v_alt integer[],
                                                      v_grp integer[], OUT only_blocks integer[],
                                                      OUT expected float8, OUT dense boolean)
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  listed float8 := greatest(referio_search_listed(), 1);
  driver integer;
BEGIN
  WITH t AS (
    SELECT u.grp, u.alt, coalesce(c.jobs, 0) AS jobs, coalesce(c.has_bits, false) AS dense
    FROM (SELECT a.tok, -a.n AS grp, -a.n AS alt FROM unnest(v_and) WITH ORDINALITY AS a(tok, n)
          UNION ALL
          SELECT o.tok, v_grp[o.alt], o.alt FROM unnest(v_tok, v_alt) AS o(tok, alt)) AS u
    LEFT JOIN job_word_counts c ON c.word = u.tok),
  a AS (
    SELECT t.grp, exp(sum(ln(greatest(t.jobs, 0.001) / listed))) AS share, bool_or(t.dense) AS some_dense,
           bool_and(t.dense) AS all_dense, sum(t.jobs) AS jobs
    FROM t GROUP BY t.grp, t.alt),
  g AS (SELECT a.grp, least(sum(a.share), 1) AS share, bool_or(a.some_dense) AS some_dense,
               bool_and(a.all_dense) AS all_dense, sum(a.jobs) AS jobs
        FROM a GROUP BY a.grp)
  SELECT listed * exp(sum(ln(g.share))), bool_and(g.all_dense),
         (SELECT r.grp FROM g AS r WHERE NOT r.some_dense ORDER BY r.jobs, r.grp LIMIT 1)
    INTO expected, dense, driver
    FROM g;
  IF driver IS NULL THEN
    RETURN;
  END IF;
  only_blocks := ARRAY(SELECT DISTINCT p.pos >> 13 FROM job_post_words p
                       WHERE p.word = ANY (CASE WHEN driver < 0 THEN ARRAY[v_and[-driver]]
                                           ELSE ARRAY(SELECT o.tok FROM unnest(v_tok, v_alt) AS o(tok, alt)
                                                      WHERE v_grp[o.alt] = driver) END));
END $$;

-- The blocks `lo` to `hi` (of `only_blocks` only, unless null) of each token of `toks`, with the
-- token's `keys` (null: none): a common token's bitmaps, a rare one's postings made bitmaps (which
-- tokens are which read first: MATERIALIZED). Inlined into the query that reads it.
CREATE OR REPLACE FUNCTION referio_search_token_blocks(toks text[], keys integer[], lo integer, hi integer,
                                                       only_blocks integer[])
  RETURNS TABLE (key integer, block integer, bits bit varying)
  LANGUAGE sql STABLE AS $$
  WITH t AS MATERIALIZED (
    SELECT u.tok, u.key, c.has_bits FROM unnest(toks, keys) AS u(tok, key) JOIN job_word_counts c ON c.word = u.tok)
  SELECT t.key, b.block, b.bits FROM t JOIN job_search_bits b ON b.token = t.tok
  WHERE t.has_bits AND b.block BETWEEN lo AND hi AND (only_blocks IS NULL OR b.block = ANY (only_blocks))
  UNION ALL
  SELECT t.key, p.pos >> 13, bit_or(referio_search_bit(p.pos)) FROM t JOIN job_post_words p ON p.word = t.tok
  WHERE NOT t.has_bits AND p.pos BETWEEN lo * 8192 AND hi * 8192 + 8191
    AND (only_blocks IS NULL OR p.pos >> 13 = ANY (only_blocks))
  GROUP BY t.tok, t.key, 2
$$;

-- The blocks `lo` to `hi` of a query's matches (referio_search_query_parts(); of `v_blocks` only, unless
-- null), newest first, as a cursor: the tokens of `v_and` ANDed with each group of several alternatives
-- (each alternative's tokens ANDed, the alternatives ORed), the exclusions' blocks taken away. The
-- tokens of `v_and`, most of a query, go straight to the one AND: a 1 KB bitmap sorted and aggregated
-- once, not three times. When every token is common (`dense`: referio_search_query_scope()), nothing
-- is excluded and every alternative is one token (a last word and its completions, `or`), the same
-- from the bitmaps alone: half the work of the general statement.
CREATE OR REPLACE FUNCTION referio_search_query_blocks(v_and text[], v_tok text[], v_alt integer[],
                                                       v_grp integer[], v_len integer[], ng integer,
                                                       v_nots text[], v_blocks integer[], dense boolean,
                                                       lo integer, hi integer)
  RETURNS refcursor
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  cur refcursor;
BEGIN
  IF dense AND cardinality(v_nots) = 0 AND 1 = ALL (v_len) THEN
    OPEN cur FOR
      SELECT r.block, bit_and(r.bits) AS bits
      FROM (SELECT b.block, b.bits FROM job_search_bits b
            WHERE b.token = ANY (v_and) AND b.block BETWEEN lo AND hi
            UNION ALL
            SELECT b.block, bit_or(b.bits)
            FROM unnest(v_tok, v_alt) AS o(tok, alt) JOIN job_search_bits b ON b.token = o.tok
            WHERE b.block BETWEEN lo AND hi GROUP BY v_grp[o.alt], b.block) AS r
      GROUP BY r.block HAVING count(*) = ng
      ORDER BY r.block DESC;
    RETURN cur;
  END IF;
  OPEN cur FOR
    SELECT m.block, CASE WHEN x.bits IS NULL THEN m.bits ELSE m.bits & ~x.bits END AS bits
    FROM (SELECT r.block, bit_and(r.bits) AS bits
          FROM (SELECT t.block, t.bits FROM referio_search_token_blocks(v_and, NULL, lo, hi, v_blocks) AS t
                UNION ALL
                SELECT a.block, bit_or(a.bits)
                FROM (SELECT t.key AS alt, t.block, bit_and(t.bits) AS bits
                      FROM referio_search_token_blocks(v_tok, v_alt, lo, hi, v_blocks) AS t
                      GROUP BY 1, 2 HAVING count(*) = v_len[t.key]) AS a
                GROUP BY v_grp[a.alt], a.block) AS r
          GROUP BY 1 HAVING count(*) = ng) AS m
    LEFT JOIN (SELECT t.block, bit_or(t.bits) AS bits
               FROM referio_search_token_blocks(v_nots, NULL, lo, hi, v_blocks) AS t
               GROUP BY 1) AS x ON x.block = m.block
    ORDER BY m.block DESC;
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
-- newest first, each four times the last; the first as many blocks as should hold twice the bound at
-- the rate expected (referio_search_query_scope()): two for common words, all of them for few matches
-- (every block is read then anyway, and each window costs a query); only the driver's blocks when a
-- group has only rare tokens. A query whose matches are many stops after a window or two once it has
-- the page and more than the bound. A phrase is its pairs of adjacent stems (referio_job_pairs()):
-- exact for two words; a longer phrase (or an exclusion of one) is checked on the posts
-- (referio_search_read_checked()).
CREATE OR REPLACE FUNCTION referio_search_query_page(q jsonb, filters text[], start integer, lim integer,
                                                     bound integer, OUT total integer, OUT positions integer[])
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  tokens text[] := referio_search_single_tokens(q, filters);
  nots text[] := referio_search_token_nots(q);
  t record;
  s record;
  blocks refcursor;
  hi integer;
  lo integer;
  lowest integer := 0;
  width integer;
BEGIN
  total := 0;
  positions := '{}';
  IF tokens IS NOT NULL THEN
    SELECT p.total, p.positions INTO total, positions FROM referio_search_page(tokens, start, lim, bound) AS p;
    RETURN;
  END IF;
  SELECT * INTO t FROM referio_search_query_parts(q, filters);
  SELECT * INTO s FROM referio_search_query_scope(t.v_and, t.v_tok, t.v_alt, t.v_grp);
  IF s.only_blocks IS NULL THEN
    hi := (SELECT max(j.search_pos) >> 13 FROM job_posts j);
  ELSE
    hi := (SELECT max(x) FROM unnest(s.only_blocks) AS x);
    lowest := (SELECT min(x) FROM unnest(s.only_blocks) AS x);
  END IF;
  IF hi IS NULL THEN
    RETURN;
  END IF;
  width := least(greatest(ceil(2.0 * (bound + 1) * (hi - lowest + 1) / greatest(s.expected, 1)), 2),
                 hi - lowest + 1);
  LOOP
    lo := greatest(hi - width + 1, lowest);
    blocks := referio_search_query_blocks(t.v_and, t.v_tok, t.v_alt, t.v_grp, t.v_len, t.ng, nots, s.only_blocks,
                                          s.dense, lo, hi);
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
