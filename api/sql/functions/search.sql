-- The public job search's words (docs/search.md). Applied on every start, after the versioned
-- migrations, by src/db/functions.ts: a change here is a diff of this file. A change of what
-- referio_search_doc() returns also needs the stored documents rewritten (docs/search.md).

-- Text as both a post and a search are read: accents and case folded, every character that is not a
-- letter, a digit, a space, a double quote or a leading minus made a space (so "Node.js", "MG-road" and
-- "react,bengaluru" are words, as in the post). IMMUTABLE for the generated column; unaccent() with its
-- dictionary named is (the one-argument form reads the search_path).
CREATE OR REPLACE FUNCTION referio_search_fold(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  SET search_path FROM CURRENT
  AS $$
  SELECT regexp_replace(
           regexp_replace(lower(unaccent('unaccent'::regdictionary, t)), '[^[:alnum:][:space:]"-]+', ' ', 'g'),
           '([^[:space:]])-+', '\1 ', 'g')
$$;

-- A post's searchable words (job_posts.search_doc, a generated column): English stems with their
-- places (phrases) and weights (title A, company and skills B, place C), and every word unstemmed
-- without a place, so the word being typed matches as a prefix of the word as written ("developm"
-- finds "development", whose stem is "develop").
CREATE OR REPLACE FUNCTION referio_search_doc(title text, company text, skills text[], address text,
                                              location_type text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  SET search_path FROM CURRENT
  AS $$
  SELECT setweight(to_tsvector('english', referio_search_fold(title)), 'A')
      || setweight(to_tsvector('english', referio_search_fold(company || ' ' || referio_skills_text(skills))), 'B')
      || setweight(to_tsvector('english', referio_search_fold(address || ' ' || location_type)), 'C')
      || strip(to_tsvector('simple', referio_search_fold(
           title || ' ' || company || ' ' || referio_skills_text(skills) || ' ' || address || ' ' || location_type)))
$$;

-- A typed search as a query: websearch_to_tsquery (words ANDed, "a phrase", -excluded, or), English
-- stems, and the last word as a prefix while it is being typed (the text ends in it; not excluded, not
-- inside a phrase, not next to "or"). Null when it has no word to search by (blank, punctuation, stop words
-- only): the list is not narrowed.
CREATE OR REPLACE FUNCTION referio_search_query(search text) RETURNS tsquery
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  SET search_path FROM CURRENT
  AS $$
DECLARE
  f text := referio_search_fold(coalesce(search, ''));
  m text[] := regexp_match(f, '^(.*?)(^|[[:space:]])([[:alnum:]]+)$');
  stem tsquery;
  word tsquery;
  q tsquery;
BEGIN
  IF m IS NOT NULL AND m[3] <> 'or' AND m[1] !~ '(^|[[:space:]])or[[:space:]]*$'
     AND mod(length(m[1]) - length(replace(m[1], '"', '')), 2) = 0 THEN
    stem := to_tsquery('english', m[3] || ':*');
    word := to_tsquery('simple', m[3] || ':*');
    q := websearch_to_tsquery('english', m[1])
         && CASE WHEN stem::text = word::text THEN word ELSE stem || word END;
  ELSE
    q := websearch_to_tsquery('english', f);
  END IF;
  IF numnode(q) = 0 THEN
    RETURN NULL;
  END IF;
  RETURN q;
END $$;
