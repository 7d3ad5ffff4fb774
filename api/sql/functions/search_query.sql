-- Words as people type them (docs/search.md): a typed search read as a query (the last word a prefix,
-- "phrases", -exclusions, `or`), what it means for one post (the plain reading, used by every list that
-- reads job_posts itself and to check phrases). Its page from the postings: search_query_page.sql.

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
-- plpgsql, not sql: called once a term from referio_search_parse(), a SQL function with a FROM is planned
-- again on every call (0.2 ms, most of a search's parse), where plpgsql keeps its plans on the connection.
CREATE OR REPLACE FUNCTION referio_search_alt(words text) RETURNS jsonb
  LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  folded text := btrim(referio_search_fold(words));
  stems text[] := referio_words(words);
BEGIN
  IF cardinality(stems) = 0 THEN
    RETURN NULL;
  END IF;
  IF strpos(folded, ' ') = 0 THEN
    RETURN jsonb_build_object('t', to_jsonb(stems));
  END IF;
  RETURN jsonb_build_object(
    't', to_jsonb(stems),
    'p', phraseto_tsquery('referio', folded)::text,
    'pr', (SELECT to_jsonb(coalesce(array_agg(DISTINCT q.pair ORDER BY q.pair), '{}'))
           FROM (SELECT x.l || ' ' || lead(x.l) OVER (ORDER BY x.p) AS pair, x.p,
                        lead(x.p) OVER (ORDER BY x.p) AS np
                 FROM (SELECT l.lexeme AS l, q.p FROM unnest(to_tsvector('referio', folded)) AS l,
                              unnest(l.positions) AS q(p)) AS x) AS q
           WHERE q.np = q.p + 1),
    'x', cardinality(string_to_array(folded, ' ')) = 2);
END $$;

-- The alternatives a search's last word stands for besides its own stem `own`: the stems of the
-- referio_search_prefix_max() most frequent words of the vocabulary beginning with it (among the first
-- referio_search_prefix_scan() of them in byte order), most frequent first. A range of the vocabulary's
-- key (text_pattern_ops), whatever the collation.
CREATE OR REPLACE FUNCTION referio_search_completions(word text, own text) RETURNS jsonb
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  w text := btrim(referio_search_fold(word));
BEGIN
  RETURN coalesce((
    SELECT jsonb_agg(jsonb_build_object('t', jsonb_build_array(s.stem)) ORDER BY s.jobs DESC, s.stem)
    FROM (SELECT v.stem, max(c.jobs) AS jobs
          FROM (SELECT x.stem FROM job_search_vocab x
                WHERE x.word ~>=~ w AND x.word ~<~ (w || U&'\+10FFFF')
                ORDER BY x.word USING ~<~ LIMIT referio_search_prefix_scan()) AS v
          JOIN job_word_counts c ON c.word = v.stem AND c.jobs > 0
          WHERE v.stem <> own
          GROUP BY v.stem ORDER BY max(c.jobs) DESC, v.stem LIMIT referio_search_prefix_max()) AS s),
    '[]');
END $$;

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
      alts := alts || referio_search_completions(txt[k], alt -> 't' ->> 0);
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
