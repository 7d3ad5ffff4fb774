-- Suggestions while typing a search (docs/search-features.md, GET /api/jobPost/suggest): companies and the words of
-- titles, skills and places that begin with what is typed, ranked by how many listed posts have them, read
-- from the search's own index (companies_name_prefix_idx, job_search_vocab, job_word_counts and the
-- newest postings), never by walking job_posts.

-- How many of an answer's suggestions may be companies (the rest are words).
CREATE OR REPLACE FUNCTION referio_search_suggest_companies_max() RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 3 $$;

-- A company's name as the prefix index reads it (companies_name_prefix_idx, migration 0038): folded as
-- the search folds it, no space at either end. An index is built with a search_path of pg_catalog only
-- (PostgreSQL 17, PGlite): the schema it is defined in, so referio_search_fold() and unaccent are found.
CREATE OR REPLACE FUNCTION referio_company_name_key(name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  SET search_path FROM CURRENT
  AS $$ SELECT btrim(referio_search_fold(name)) $$;

-- How many companies whose name begins with the text are looked at for the ones suggested.
CREATE OR REPLACE FUNCTION referio_search_suggest_companies_scan() RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 200 $$;

-- The companies whose name begins with `folded` and that have listed posts, most posts first: among
-- the first referio_search_suggest_companies_scan() of them the index range gives (in no set order: a
-- sort would compute every name's key again, thousands for one letter).
CREATE OR REPLACE FUNCTION referio_search_suggest_companies(folded text)
  RETURNS TABLE (kind text, label text, company_id uuid, jobs integer)
  LANGUAGE sql STABLE AS $$
  SELECT 'company', c.name, c.id, w.jobs
  FROM (SELECT x.id, x.name FROM companies x
        WHERE referio_company_name_key(x.name) ~>=~ folded
          AND referio_company_name_key(x.name) ~<~ (folded || U&'\+10FFFF')
        LIMIT referio_search_suggest_companies_scan()) AS c
  JOIN job_word_counts w ON w.word = '~co:' || c.id::text AND w.jobs > 0
  ORDER BY w.jobs DESC, c.name
  LIMIT referio_search_suggest_companies_max()
$$;

-- The stems of the vocabulary's words beginning with `last` (among the first
-- referio_search_prefix_scan() in byte order) that listed posts have, most posts first; after a word
-- `prev` (a stem), those that follow it somewhere (its pair token 'prev stem'), ranked by that pair's
-- posts. `token` is what their posts are listed under.
CREATE OR REPLACE FUNCTION referio_search_suggest_stems(last text, prev text, n integer)
  RETURNS TABLE (stem text, token text, jobs integer)
  LANGUAGE sql STABLE AS $$
  SELECT v.stem, c.word, max(c.jobs)
  FROM (SELECT x.stem FROM job_search_vocab x
        WHERE x.word ~>=~ last AND x.word ~<~ (last || U&'\+10FFFF')
        ORDER BY x.word USING ~<~ LIMIT referio_search_prefix_scan()) AS v
  JOIN job_word_counts c
    ON c.word = CASE WHEN prev IS NULL THEN v.stem ELSE prev || ' ' || v.stem END AND c.jobs > 0
  GROUP BY v.stem, c.word
  ORDER BY 3 DESC, 1
  LIMIT n
$$;

-- Where a stem is written in the newest (up to three) listed posts listed under `token`, and how: the
-- first field that has it, in the order title, skill, company, address (the location type, 'On-site',
-- 'Remote', is a filter of its own, not suggested), and the piece of that field
-- (split at spaces: 'Node.js' whole) whose words hold the stem and begin with `typed` (the last piece
-- typed, folded: 'node j'), without the punctuation around it. No row when none of them has it so.
CREATE OR REPLACE FUNCTION referio_search_suggest_written(stem text, token text, typed text)
  RETURNS TABLE (kind text, written text)
  LANGUAGE sql STABLE AS $$
  SELECT f.kind, regexp_replace(piece, '^[("''\[]+|[)"''\],;:.]+$', '', 'g')
  FROM (SELECT p.job_title, p.required_skills, p.company_name, p.address, pw.pos
        FROM job_post_words pw JOIN job_posts p ON p.search_pos = pw.pos
        WHERE pw.word = token AND referio_job_listed(p)
        ORDER BY pw.pos DESC LIMIT 3) AS s
  CROSS JOIN LATERAL (VALUES (1, 'title', s.job_title),
                             (2, 'skill', array_to_string(s.required_skills, ' ')),
                             (3, 'company', s.company_name),
                             (4, 'location', s.address)) AS f(rank, kind, body)
  CROSS JOIN LATERAL regexp_split_to_table(f.body, '\s+') AS piece
  WHERE stem = ANY(referio_words(piece))
    AND (' ' || referio_search_fold(piece)) LIKE ('% ' || typed || '%')
  ORDER BY f.rank, s.pos DESC
  LIMIT 1
$$;

-- The suggestions for a typed text `q`: up to referio_search_suggest_companies_max() companies whose
-- name begins with it, and the words of titles, skills and places that begin with its last word (after
-- the pieces typed before it, kept as typed), most posts first, `n` in all (the API's SUGGEST_MAX).
-- Words found only in company names are left to the companies. Folded as the search folds (case and
-- accents). `company_id` is set for a company.
CREATE OR REPLACE FUNCTION referio_search_suggest(q text, n integer)
  RETURNS TABLE (kind text, label text, company_id uuid, jobs integer)
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  typed text := btrim(coalesce(q, ''));
  folded text := btrim(referio_search_fold(typed));
  -- The last piece typed (at spaces), folded ('Node.j': 'node j'), and its last word ('j').
  piece text := btrim(referio_search_fold(substring(typed FROM '\S*$')));
  last text := substring(folded FROM '[^ ]+$');
  -- The stem of the word before that one ('node'), when there is one: the suggestion follows it.
  prev text := (referio_words(substring(folded FROM '([^ ]+) [^ ]+$')))[1];
  head text := substring(typed FROM '^(.*\s)\S*$');
BEGIN
  IF last IS NULL OR piece = '' THEN
    RETURN;
  END IF;
  RETURN QUERY
    WITH co AS (SELECT * FROM referio_search_suggest_companies(folded) LIMIT n),
         words AS (SELECT DISTINCT ON (lower(w.written)) w.kind, coalesce(head, '') || w.written AS label, st.jobs
                   FROM referio_search_suggest_stems(last, prev, n + 4) AS st
                   CROSS JOIN LATERAL referio_search_suggest_written(st.stem, st.token, piece) AS w
                   WHERE w.kind <> 'company'
                   ORDER BY lower(w.written), st.jobs DESC),
         kept AS (SELECT * FROM co
                  UNION ALL
                  (SELECT w.kind, w.label, NULL::uuid, w.jobs FROM words w
                   ORDER BY w.jobs DESC, w.label
                   LIMIT greatest(n - (SELECT count(*) FROM co), 0)))
    SELECT k.kind, k.label, k.company_id, k.jobs FROM kept k ORDER BY k.jobs DESC, k.label;
END $$;
