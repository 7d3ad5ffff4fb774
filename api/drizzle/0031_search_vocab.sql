-- Words as people type them (docs/search.md): the vocabulary a search's last word is completed from, the
-- listed posts' words as written (folded, not stemmed) with their stems, read by prefix as a range of
-- its key (text_pattern_ops: byte order whatever the collation); and the postings made again, now with
-- the pairs of adjacent stems a phrase is read by (referio_job_pairs()). Both by referio_search_rebuild()
-- (api/sql/functions/search_postings.sql; an empty database gets the function after the migrations and
-- has nothing to index), then kept by the postings' triggers. At a million posts this takes minutes.
CREATE TABLE "job_search_vocab" (
	"word" text NOT NULL,
	"stem" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "job_search_vocab_word_uq" ON "job_search_vocab" USING btree ("word" text_pattern_ops);
--> statement-breakpoint
DO $$ BEGIN
  IF to_regproc('referio_search_rebuild') IS NOT NULL THEN
    PERFORM referio_search_rebuild();
  END IF;
END $$;
