-- Words as people type them (docs/search.md): a typed search read as a query (the last word a prefix,
-- "phrases", -exclusions, `or`), what it means for one post (the plain reading, used by every list that
-- reads job_posts itself and to check phrases), and its page from the postings.

-- How many completions a search's last word stands for at most (the most frequent ones), and how many
-- words beginning with it are looked at for them (in byte order): a one-letter word reads no more.
CREATE OR REPLACE FUNCTION referio_search_prefix_max() RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 16 $$;

CREATE OR REPLACE FUNCTION referio_search_prefix_scan() RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 2000 $$;

-- One alternative of a query from the words of one term: its stems (`t`, sorted, each once) and, for
-- more than one word, the phrase they make (`p`, a tsquery: the stems adjacent and in order) and its
-- pairs of adjacent stems (`pr`, the postings' pair tokens, referio_job_pairs()): for two words the
-- phrase itself (`x`: exact), for more a superset checked on the posts. Null for a term without a word.
CREATE OR REPLACE FUNCTION referio_search_alt(words text) RETURNS jsonb
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
  SELECT CASE
    WHEN cardinality(s.stems) = 0 THEN NULL
    WHEN s.n = 1 THEN jsonb_build_object('t', to_jsonb(s.stems))
    ELSE jsonb_build_object('t', to_jsonb(s.stems), 'p', phraseto_tsquery('referio', s.folded)::text,
                            'pr', (SELECT to_jsonb(coalesce(array_agg(DISTINCT q.pair ORDER BY q.pair), '{}'))
                                   FROM (SELECT x.l || ' ' || lead(x.l) OVER (ORDER BY x.p) AS pair, x.p,
                                                lead(x.p) OVER (ORDER BY x.p) AS np
                                         FROM (SELECT l.lexeme AS l, q.p FROM unnest(to_tsvector('referio', s.folded)) AS l,
                                                      unnest(l.positions) AS q(p)) AS x) AS q
                                   WHERE q.np = q.p + 1),
                            'x', s.n = 2)
  END
  FROM (SELECT referio_words(words) AS stems, referio_search_fold(words) AS folded,
               cardinality(regexp_split_to_array(btrim(referio_search_fold(words)), ' ')) AS n) AS s
$$;

-- A typed search as a query, websearch-style: `{"g": groups, "n": exclusions, "v": has a phrase}`.
-- Every group must hold (AND); a group holds when one of its alternatives does (terms joined by `or`);
-- an alternative holds when the post has all its stems (`t`) and, for a phrase (`p`), has them adjacent
-- and in order in one of its texts; no exclusion may hold. A term is a word or a "quoted phrase"
-- (an unquoted term of several words, "MG-road", is a phrase too); a leading `-` excludes it. The last
-- term, when a single unquoted word, is also a prefix: its alternatives are its own stem and the stems
-- of the referio_search_prefix_max() most frequent words beginning with it.
CREATE OR REPLACE FUNCTION referio_search_parse(search text) RETURNS jsonb
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  m text[];
  neg boolean[] := '{}';
  quoted boolean[] := '{}';
  txt text[] := '{}';
  is_or boolean[] := '{}';
  k integer;
  n integer;
  groups jsonb := '[]';
  nots jsonb := '[]';
  alts jsonb;
  alt jsonb;
  pending_or boolean := false;
  last_positive boolean := false;
  v_word text;
BEGIN
  FOR m IN SELECT regexp_matches(coalesce(search, ''), '(-?)"([^"]*)"?|(-?)([^[:space:]"]+)', 'g') LOOP
    IF m[2] IS NOT NULL THEN
      neg := neg || (m[1] = '-');
      quoted := quoted || true;
      txt := txt || m[2];
      is_or := is_or || false;
    ELSE
      neg := neg || (m[3] = '-');
      quoted := quoted || false;
      txt := txt || m[4];
      is_or := is_or || (m[3] = '' AND lower(m[4]) = 'or');
    END IF;
  END LOOP;
  n := cardinality(txt);
  FOR k IN 1 .. n LOOP
    IF is_or[k] THEN
      pending_or := last_positive;
      CONTINUE;
    END IF;
    alt := referio_search_alt(txt[k]);
    CONTINUE WHEN alt IS NULL;
    IF neg[k] THEN
      nots := nots || jsonb_build_array(alt);
      pending_or := false;
      last_positive := false;
      CONTINUE;
    END IF;
    alts := jsonb_build_array(alt);
    -- The last term, a single unquoted word: a prefix too.
    IF k = n AND NOT quoted[k] AND NOT alt ? 'p' THEN
      v_word := btrim(referio_search_fold(txt[k]));
      alts := alts || coalesce((
        SELECT jsonb_agg(jsonb_build_object('t', jsonb_build_array(s.stem)) ORDER BY s.jobs DESC, s.stem)
        FROM (SELECT v.stem, max(c.jobs) AS jobs
              FROM (SELECT x.stem FROM job_search_vocab x
                    WHERE x.word ~>=~ v_word AND x.word ~<~ (v_word || U&'\+10FFFF')
                    ORDER BY x.word USING ~<~ LIMIT referio_search_prefix_scan()) AS v
              JOIN job_word_counts c ON c.word = v.stem AND c.jobs > 0
              WHERE v.stem <> alt -> 't' ->> 0
              GROUP BY v.stem ORDER BY max(c.jobs) DESC, v.stem LIMIT referio_search_prefix_max()) AS s),
        '[]');
    END IF;
    IF pending_or AND jsonb_array_length(groups) > 0 THEN
      -- Joined to the group before it (alternatives it has already are not repeated).
      alts := (SELECT coalesce(jsonb_agg(a ORDER BY o), '[]') FROM jsonb_array_elements(alts) WITH ORDINALITY AS e(a, o)
               WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements(groups -> -1) AS g(b) WHERE g.b = e.a));
      groups := jsonb_set(groups, ARRAY[(jsonb_array_length(groups) - 1)::text], (groups -> -1) || alts);
    ELSE
      groups := groups || jsonb_build_array(alts);
    END IF;
    pending_or := false;
    last_positive := true;
  END LOOP;
  -- To be checked on the posts: a phrase of more than two words (its pairs are a superset), and an
  -- exclusion that is not one token.
  RETURN jsonb_build_object('g', groups, 'n', nots, 'v',
    EXISTS (SELECT 1 FROM jsonb_array_elements(groups) AS e(x), jsonb_array_elements(e.x) AS a(y)
            WHERE a.y ? 'p' AND NOT (a.y ->> 'x')::boolean)
    OR EXISTS (SELECT 1 FROM jsonb_array_elements(nots) AS a(y)
               WHERE jsonb_array_length(coalesce(a.y -> 'pr', a.y -> 't')) <> 1
                  OR (a.y ? 'p' AND NOT (a.y ->> 'x')::boolean)));
END $$;

-- Whether one alternative of a query holds for a post of these words (search_words) and texts.
CREATE OR REPLACE FUNCTION referio_search_alt_holds(words text[], fields text[], alt jsonb) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
  SELECT words @> ARRAY(SELECT jsonb_array_elements_text(alt -> 't'))
     AND (NOT alt ? 'p' OR EXISTS (
       SELECT 1 FROM unnest(fields) AS f
       WHERE to_tsvector('referio', referio_search_fold(f)) @@ (alt ->> 'p')::tsquery))
$$;

-- Whether a query (referio_search_parse()) holds for a post of these words and texts: the plain reading,
-- row by row. Every list that reads job_posts itself uses it; the postings' page checks phrases by it.
CREATE OR REPLACE FUNCTION referio_search_holds(words text[], fields text[], q jsonb) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
  SELECT NOT EXISTS (
           SELECT 1 FROM jsonb_array_elements(q -> 'g') AS g(alts)
           WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements(g.alts) AS a(alt)
                             WHERE referio_search_alt_holds(words, fields, a.alt)))
     AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(q -> 'n') AS a(alt)
                     WHERE referio_search_alt_holds(words, fields, a.alt))
$$;

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

-- One page of a public search for a query (referio_search_parse()) and filter tokens, as
-- referio_search_page() answers it (`total` exact up to `bound`, `positions` newest first). A query
-- of single words only (every group one stem, nothing excluded): referio_search_page() itself. Otherwise
-- every block of the matches at once: each alternative's blocks (a common token's bitmaps, a rare one's
-- postings made bitmaps) ANDed, each group's alternatives ORed, the groups ANDed and the exclusions'
-- blocks taken away; only the blocks of the rarest group's postings when one has only rare tokens.
-- A phrase is its pairs of adjacent stems (referio_job_pairs()): exact for two words; with a longer
-- phrase (or an exclusion of one), those are candidates, each checked by referio_search_holds() on its
-- post, newest first, until the page is read and the bound passed.
CREATE OR REPLACE FUNCTION referio_search_query_page(q jsonb, filters text[], start integer, lim integer,
                                                     bound integer, OUT total integer, OUT positions integer[])
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_tok text[] := '{}';
  v_alt integer[] := '{}';
  v_grp integer[] := '{}';
  v_len integer[] := '{}';
  v_nots text[];
  ng integer := 0;
  na integer := 0;
  g jsonb;
  a jsonb;
  t text;
  driver integer;
  v_blocks integer[];
  blk record;
  cur refcursor;
  verify boolean := coalesce((q ->> 'v')::boolean, false);
  places integer[];
  chunk integer[];
  found_ integer[];
  taken integer[];
  n integer;
  k integer;
  skip integer := start;
  want integer := lim;
  hi integer;
  lo integer;
  width integer := 2;
  lowest integer := 0;
BEGIN
  total := 0;
  positions := '{}';
  IF NOT verify AND jsonb_array_length(q -> 'n') = 0
     AND (jsonb_array_length(q -> 'g') > 0 OR cardinality(filters) > 0)
     AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(q -> 'g') AS e(x)
                     WHERE jsonb_array_length(e.x) <> 1
                        OR jsonb_array_length(coalesce(e.x -> 0 -> 'pr', e.x -> 0 -> 't')) <> 1) THEN
    SELECT p.total, p.positions INTO total, positions
      FROM referio_search_page(ARRAY(SELECT DISTINCT u FROM (
                                 SELECT coalesce(e.x -> 0 -> 'pr', e.x -> 0 -> 't') ->> 0 AS u
                                 FROM jsonb_array_elements(q -> 'g') AS e(x)
                                 UNION ALL SELECT unnest(filters)) AS s ORDER BY u),
                               start, lim, bound) AS p;
    RETURN;
  END IF;
  -- The alternatives and their tokens, numbered; each filter a group of its own.
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
    -- Only exclusions: from every listed post (each has one job type token).
    ng := 1;
    FOR t IN SELECT '~type:' || e::text FROM unnest(enum_range(NULL::job_type)) AS e LOOP
      na := na + 1;
      v_grp := v_grp || 1;
      v_len := v_len || 1;
      v_tok := v_tok || t;
      v_alt := v_alt || na;
    END LOOP;
  END IF;
  -- The exclusions of one token (a word, a phrase of two); the others are checked on the posts.
  v_nots := ARRAY(SELECT coalesce(e.x -> 'pr', e.x -> 't') ->> 0 FROM jsonb_array_elements(q -> 'n') AS e(x)
                  WHERE jsonb_array_length(coalesce(e.x -> 'pr', e.x -> 't')) = 1
                    AND (NOT e.x ? 'p' OR (e.x ->> 'x')::boolean));
  -- The rarest group of rare tokens only, if any: the matches are in the blocks of its postings.
  SELECT s.grp INTO driver
    FROM (SELECT v_grp[u.alt] AS grp, bool_or(coalesce(c.has_bits, false)) AS dense, sum(coalesce(c.jobs, 0)) AS jobs
          FROM unnest(v_tok, v_alt) AS u(tok, alt) LEFT JOIN job_word_counts c ON c.word = u.tok
          GROUP BY 1) AS s
    WHERE NOT s.dense ORDER BY s.jobs, s.grp LIMIT 1;
  IF driver IS NOT NULL THEN
    v_blocks := ARRAY(SELECT DISTINCT p.pos >> 13 FROM unnest(v_tok, v_alt) AS u(tok, alt)
                      JOIN job_post_words p ON p.word = u.tok WHERE v_grp[u.alt] = driver);
    IF cardinality(v_blocks) = 0 THEN
      RETURN;
    END IF;
  END IF;
  -- The blocks in windows, newest first (2 blocks, then 8, 32, ...): a query whose matches are many stops
  -- after a window or two once it has the page and more than the bound, where reading every block at
  -- once (a GROUP BY over all of them, then the newest first) cost each search as much as its rarest.
  IF v_blocks IS NULL THEN
    hi := (SELECT max(j.search_pos) >> 13 FROM job_posts j);
  ELSE
    hi := (SELECT max(x) FROM unnest(v_blocks) AS x);
    lowest := (SELECT min(x) FROM unnest(v_blocks) AS x);
  END IF;
  IF hi IS NULL THEN
    RETURN;
  END IF;
  LOOP
    lo := greatest(hi - width + 1, lowest);
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
    <<blocks>>
    LOOP
      FETCH cur INTO blk;
      EXIT WHEN NOT FOUND;
      n := bit_count(blk.bits)::integer;
      CONTINUE WHEN n = 0;
      IF NOT verify THEN
        total := total + n;
        IF skip >= n THEN
          skip := skip - n;
        ELSIF want > 0 THEN
          taken := referio_search_block_take(blk.block, blk.bits, skip, want);
          positions := positions || taken;
          want := want - cardinality(taken);
          skip := 0;
        END IF;
        EXIT WHEN want = 0 AND total > bound;
      ELSE
        -- Candidates: each checked on its post, 256 at a time, newest first.
        places := referio_search_block_take(blk.block, blk.bits, 0, 8192); -- every bit of the block
        k := 1;
        WHILE k <= cardinality(places) LOOP
          chunk := places[k : k + 255];
          k := k + 256;
          found_ := ARRAY(SELECT j.search_pos FROM job_posts j
                          WHERE j.search_pos = ANY (chunk)
                            AND referio_search_holds(j.search_words, referio_job_fields(j), q)
                          ORDER BY j.search_pos DESC);
          n := cardinality(found_);
          total := total + n;
          IF skip >= n THEN
            skip := skip - n;
          ELSIF want > 0 THEN
            taken := found_[skip + 1 : skip + want];
            positions := positions || taken;
            want := want - cardinality(taken);
            skip := 0;
          END IF;
          EXIT blocks WHEN want = 0 AND total > bound;
        END LOOP;
      END IF;
    END LOOP;
    CLOSE cur;
    EXIT WHEN (want = 0 AND total > bound) OR lo <= lowest;
    hi := lo - 1;
    width := width * 4;
  END LOOP;
END $$;
