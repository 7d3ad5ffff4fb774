CREATE TABLE "referrer_responsiveness" (
	"referrer_id" uuid PRIMARY KEY NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"median_answer_seconds" double precision,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referrer_responsiveness" ADD CONSTRAINT "referrer_responsiveness_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrer_responsiveness_computed_idx" ON "referrer_responsiveness" USING btree ("computed_at");--> statement-breakpoint
-- Added by hand to the generated statements: the figures and the triggers that keep them
-- (docs/responsiveness.md). The one definition of the figures: a referrer's requests received in the
-- 90 days before `at` (RESPONSIVENESS_WINDOW_DAYS); `received` counts those with an outcome (approved,
-- declined, expired, or pending 168 hours (ANSWER_WINDOW_HOURS) after they were sent); `answered` those
-- approved or declined within their 168 hours; the median time to answer over the answered ones.
-- Withdrawn requests never count. Statuses compared as text. Reads referral_requests_recipient_created_idx.
-- Rewrites the rows of `p_ids` (distinct, already locked by the caller) with the figures at `p_at`.
CREATE OR REPLACE FUNCTION referio_responsiveness_apply(p_ids uuid[], p_at timestamptz) RETURNS integer
  LANGUAGE plpgsql
  AS $$
DECLARE
  n integer;
BEGIN
  UPDATE referrer_responsiveness AS s
     SET received = coalesce(f.received, 0),
         answered = coalesce(f.answered, 0),
         median_answer_seconds = f.median,
         computed_at = p_at
    FROM unnest(p_ids) AS i(id)
    LEFT JOIN (
      SELECT r.recipient_id,
             (count(*) FILTER (
                WHERE r.status::text IN ('approved', 'declined', 'expired')
                   OR (r.status::text = 'pending' AND r.created_at + interval '168 hours' <= p_at)))::int
               AS received,
             (count(*) FILTER (
                WHERE r.status::text IN ('approved', 'declined')
                  AND r.responded_at <= r.created_at + interval '168 hours'))::int AS answered,
             -- Never below 0: an answer stamped by an instance whose clock is behind the sender's.
             percentile_cont(0.5) WITHIN GROUP (
               ORDER BY greatest(extract(epoch FROM r.responded_at - r.created_at), 0))
               FILTER (WHERE r.status::text IN ('approved', 'declined')
                         AND r.responded_at <= r.created_at + interval '168 hours') AS median
        FROM referral_requests AS r
       WHERE r.recipient_id = ANY (p_ids)
         AND r.created_at > p_at - interval '90 days'
         AND r.created_at <= p_at
       GROUP BY r.recipient_id) AS f ON f.recipient_id = i.id
   WHERE s.referrer_id = i.id;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;
--> statement-breakpoint
-- Recomputes the figures of the users `p_ids` at `p_at` (the triggers' and the backfill's way in). Their
-- rows are made if missing and locked in id order first, so two transactions changing one referrer's
-- requests recompute one after the other, the second seeing the first's committed rows (each statement
-- of this VOLATILE function takes a fresh snapshot). Ids that are not users (any more) are skipped.
CREATE OR REPLACE FUNCTION referio_refresh_responsiveness(p_ids uuid[], p_at timestamptz DEFAULT now())
  RETURNS integer
  LANGUAGE plpgsql
  AS $$
DECLARE
  ids uuid[];
BEGIN
  SELECT coalesce(array_agg(u.id ORDER BY u.id), '{}') INTO ids FROM users AS u WHERE u.id = ANY (p_ids);
  IF cardinality(ids) = 0 THEN
    RETURN 0;
  END IF;
  INSERT INTO referrer_responsiveness (referrer_id, computed_at)
    SELECT x.id, p_at FROM unnest(ids) AS x(id) ORDER BY x.id
    ON CONFLICT (referrer_id) DO NOTHING;
  PERFORM 1 FROM referrer_responsiveness AS s
    WHERE s.referrer_id = ANY (ids) ORDER BY s.referrer_id FOR UPDATE;
  RETURN referio_responsiveness_apply(ids, p_at);
END $$;
--> statement-breakpoint
-- The sweep (every API instance, app.referrals.sweep): recomputes at `p_at` at most `p_limit` rows last
-- computed before `p_at - p_older_than`, oldest first. Rows another transaction holds are skipped (it is
-- recomputing them), so instances never wait for each other; idempotent. Answers how many it did.
CREATE OR REPLACE FUNCTION referio_refresh_stale_responsiveness(
  p_at timestamptz, p_older_than interval, p_limit integer) RETURNS integer
  LANGUAGE plpgsql
  AS $$
DECLARE
  ids uuid[];
BEGIN
  SELECT coalesce(array_agg(x.referrer_id), '{}') INTO ids
    FROM (SELECT s.referrer_id FROM referrer_responsiveness AS s
           WHERE s.computed_at < p_at - p_older_than
           ORDER BY s.computed_at LIMIT p_limit
           FOR UPDATE SKIP LOCKED) AS x;
  IF cardinality(ids) = 0 THEN
    RETURN 0;
  END IF;
  RETURN referio_responsiveness_apply(ids, p_at);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION referio_referral_requests_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM referio_refresh_responsiveness(ARRAY(SELECT DISTINCT n.recipient_id FROM new_rows AS n));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION referio_referral_requests_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM referio_refresh_responsiveness(ARRAY(SELECT DISTINCT o.recipient_id FROM old_rows AS o));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only the rows whose figures' inputs changed (not a reminder's expiry_warned_at, say); both recipients
-- when one moved.
CREATE OR REPLACE FUNCTION referio_referral_requests_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  SELECT coalesce(array_agg(DISTINCT x.id), '{}') INTO ids
    FROM old_rows AS o
    JOIN new_rows AS n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.recipient_id), (n.recipient_id)) AS x(id)
   WHERE (o.recipient_id, o.status, o.created_at, o.responded_at)
         IS DISTINCT FROM (n.recipient_id, n.status, n.created_at, n.responded_at);
  IF cardinality(ids) > 0 THEN
    PERFORM referio_refresh_responsiveness(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER referral_requests_responsiveness_inserted AFTER INSERT ON referral_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION referio_referral_requests_inserted();
--> statement-breakpoint
CREATE TRIGGER referral_requests_responsiveness_deleted AFTER DELETE ON referral_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION referio_referral_requests_deleted();
--> statement-breakpoint
CREATE TRIGGER referral_requests_responsiveness_updated AFTER UPDATE ON referral_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION referio_referral_requests_updated();
--> statement-breakpoint
-- Backfill: every referrer who ever received a request, at the migration's moment.
SELECT referio_refresh_responsiveness(ARRAY(SELECT DISTINCT recipient_id FROM referral_requests));
