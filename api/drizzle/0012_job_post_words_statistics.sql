-- The API picks the token a search reads first (from job_word_counts), so the planner needs no finer
-- statistics on the postings' words; the default ones keep planning a search cheap (the 1,000-entry
-- list of migration 0007 was searched on every plan).
ALTER TABLE job_post_words ALTER COLUMN word SET STATISTICS -1;
