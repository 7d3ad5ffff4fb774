-- Trigram search for companies and job posts (PGlite loads the pg_trgm extension bundle; PostgreSQL ships it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- array_to_string() is only STABLE, so it cannot appear in an index expression; this wrapper is IMMUTABLE
-- (true for text[]), which lets job_posts index its skills for trigram search.
CREATE OR REPLACE FUNCTION referio_skills_text(skills text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_to_string(skills, ' ') $$;
