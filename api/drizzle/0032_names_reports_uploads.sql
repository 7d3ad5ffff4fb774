-- Uploads store a file's bytes before its row, so the bytes no longer need the row (the orphan sweep
-- removes bytes without one).
ALTER TABLE "file_blobs" DROP CONSTRAINT "file_blobs_storage_key_files_storage_key_fk";
--> statement-breakpoint
-- One open report per reporter and target: later duplicates already filed are dismissed (kept, not deleted).
UPDATE "reports" SET "status" = 'dismissed', "resolved_at" = now()
WHERE "status" = 'open' AND EXISTS (
  SELECT 1 FROM "reports" "o"
  WHERE "o"."status" = 'open' AND "o"."reporter_id" = "reports"."reporter_id"
    AND "o"."target_kind" = "reports"."target_kind" AND "o"."target_id" = "reports"."target_id"
    AND ("o"."created_at", "o"."id") < ("reports"."created_at", "reports"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_once_idx" ON "reports" USING btree ("reporter_id","target_kind","target_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_kind","target_id");--> statement-breakpoint
-- A name's skeleton now leaves out spacing and punctuation: the API computes every one again at start-up.
UPDATE "companies" SET "name_skeleton" = NULL;
