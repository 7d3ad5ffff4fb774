-- Search words as people type them, and one definition of each search function (docs/search.md): the
-- functions now live in api/sql/functions/ (applied on every migrate, before and after these files), the
-- words are folded (case, accents) and stemmed by referio_words(), and a post's list JSON is written in
-- one place (toJobPost, services/jobPosts.ts), so the column and row trigger that kept a copy go.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- English stems without stop words: every word typed counts ("it", "on", "the" too).
CREATE TEXT SEARCH DICTIONARY referio_english_stem (TEMPLATE = snowball, LANGUAGE = english);
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION referio (COPY = english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION referio
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH referio_english_stem;
--> statement-breakpoint
DROP TRIGGER IF EXISTS job_posts_list_json ON job_posts;
--> statement-breakpoint
DROP FUNCTION IF EXISTS referio_job_posts_list_json();
--> statement-breakpoint
DROP FUNCTION IF EXISTS referio_job_list_json(job_posts);
--> statement-breakpoint
DROP FUNCTION IF EXISTS referio_job_tokens(text[], job_type, job_location, industry, experience, uuid);
--> statement-breakpoint
-- The words again, by the new referio_words() (a stored generated column is computed when it is added).
ALTER TABLE "job_posts" DROP COLUMN "list_json", DROP COLUMN "search_words",
  ADD COLUMN "search_words" text[] GENERATED ALWAYS AS (referio_words(company_name || ' ' || job_title || ' ' || referio_skills_text(required_skills) || ' ' || address || ' ' || (case job_location when 'On-site' then 'On-site' when 'Remote' then 'Remote' else 'Hybrid' end))) STORED NOT NULL;
--> statement-breakpoint
-- The postings again, by the new words (referio_search_rebuild(), api/sql/functions/search_postings.sql;
-- an empty database has no posts to index, and gets the function after the migrations).
DO $$ BEGIN
  IF to_regproc('referio_search_rebuild') IS NOT NULL THEN
    PERFORM referio_search_rebuild();
  END IF;
END $$;
