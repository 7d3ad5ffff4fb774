-- A domain a first referrer claimed was "confirmed" when a second user verified an address there. That
-- proves nothing about the company (issue 26): only an operator or a trusted source (the seed) confirms.
-- Claims confirmed the old way go back to unconfirmed, for an operator to decide.
UPDATE "company_domains" SET "confirmed_at" = NULL WHERE "claimed_by" IS NOT NULL AND "confirmed_by" IS NULL;
