-- Search suggestions (docs/search.md, api/sql/functions/search_suggest.sql): companies whose name begins with what
-- is typed, read as a range of the name folded as the search folds it (byte order, whatever the collation).
-- IF NOT EXISTS: a bench database migrated by an earlier build of this branch has it already.
CREATE INDEX IF NOT EXISTS "companies_name_prefix_idx" ON "companies" USING btree (referio_company_name_key("name") text_pattern_ops);
