-- The words of the public job search (docs/search.md): one tokeniser, for a post (job_posts.search_words,
-- generated) and for a typed search (the search statement, services/job-posts.ts) alike.

-- Text as a post and a search are read: accents and case folded, and every character that is not a
-- letter or a digit a space ("Node.js", "MG-road" and "react,bengaluru" are two words each). IMMUTABLE for
-- the generated column: unaccent() with its dictionary named (the one-argument form is only STABLE). No
-- `SET search_path` on these two: it would make every call save and restore it, doubling their cost.
CREATE OR REPLACE FUNCTION referio_search_fold(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT regexp_replace(lower(unaccent('unaccent'::regdictionary, t)), '[^[:alnum:]]+', ' ', 'g') $$;

-- The distinct words of a text as the search matches them: folded, then English stems ("engineers" and
-- "engineering" are 'engin'; the text search configuration `referio`, migration 0026: English stems and
-- no stop words, so every word typed counts). Sorted, each once (a tsvector's lexemes are). One
-- expression, so PostgreSQL inlines it where it is called.
CREATE OR REPLACE FUNCTION referio_words(text text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT tsvector_to_array(to_tsvector('referio', referio_search_fold(coalesce(text, '')))) $$;

-- The filter tokens of a post, or of a list request (its set filters; null ones are left out):
-- '~type:Contract', '~loc:Remote', '~ind:it', '~exp:3-6', '~co:<company id>'.
CREATE OR REPLACE FUNCTION referio_filter_tokens(job_type text, job_location text, industry text,
                                                 experience text, company_id uuid) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_remove(ARRAY['~type:' || job_type, '~loc:' || job_location, '~ind:' || industry,
                                  '~exp:' || experience, '~co:' || company_id::text], NULL) $$;
