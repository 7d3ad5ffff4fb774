import type { ReferrerResponsiveness } from '../contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import { referrerResponsiveness } from '../db/schema';

/**
 * How long a pending request waits for its answer when the figures are computed: 168 hours after it
 * was sent (the REFERRAL_EXPIRY_HOURS default; older rows' expires_at is not theirs). Written in the SQL of
 * `referio_responsiveness_apply` (migration 0021), like the 90-day window (RESPONSIVENESS_WINDOW_DAYS):
 * changing either is a migration that redefines that function (docs/responsiveness.md).
 */
export const ANSWER_WINDOW_HOURS = 168;

/**
 * The sweep recomputes the figures last computed longer ago than this (the 90-day window's trailing
 * edge and "pending past its time" move with the clock, not with a write).
 */
export const RESPONSIVENESS_STALE_MS = 60 * 60 * 1000;

/** At most this many referrers' figures per sweep (every REFERRAL_SWEEP_MS, in every instance). */
export const RESPONSIVENESS_SWEEP_BATCH = 500;

/**
 * The figures of the referrer `referrer` (a column or SQL value) as kept in referrer_responsiveness,
 * one primary-key probe: `[received, answered, medianAnswerSeconds]` (a float8[]); `[0, 0, null]` for
 * a referrer without a row (no figures: "New referrer").
 */
export function responsivenessArrayOf(referrer: SQL | AnyPgColumn): SQL<number[]> {
  const s = referrerResponsiveness;
  return sql<
    number[]
  >`coalesce((select array[${s.received}, ${s.answered}, ${s.medianAnswerSeconds}]::float8[] from ${s} where ${s.referrerId} = ${referrer}), array[0, 0, null]::float8[])`;
}

/** `responsivenessArrayOf` as JSON, for a column a list reads (parsed natively, not as a PostgreSQL array). */
export function responsivenessOf(referrer: SQL | AnyPgColumn): SQL<number[]> {
  return sql<number[]>`to_json(${responsivenessArrayOf(referrer)})`;
}

/** The figures' array (or null) as the API answers it. */
export function toResponsiveness(v: unknown): ReferrerResponsiveness {
  const [received, answered, median] = Array.isArray(v) ? (v as (number | string | null)[]) : [];
  const n = (x: number | string | null | undefined) =>
    x === null || x === undefined ? 0 : Number(x);
  return {
    received: n(received),
    answered: n(answered),
    medianAnswerSeconds:
      median === null || median === undefined ? null : Math.round(Number(median)),
  };
}

/** One referrer's figures (their dashboard). */
export async function referrerResponsivenessOf(
  db: Db,
  referrerId: string,
): Promise<ReferrerResponsiveness> {
  const s = referrerResponsiveness;
  const [row] = await db
    .select({ received: s.received, answered: s.answered, median: s.medianAnswerSeconds })
    .from(s)
    .where(eq(s.referrerId, referrerId))
    .limit(1);
  return toResponsiveness(row ? [row.received, row.answered, row.median] : null);
}

/**
 * The sweep's step: recomputes at `at` the figures of at most `limit` referrers last computed before
 * `at - staleMs` (oldest first; rows another instance is recomputing are skipped). Idempotent.
 * Answers how many it recomputed.
 */
export async function refreshStaleResponsiveness(
  db: Db,
  at: Date,
  staleMs = RESPONSIVENESS_STALE_MS,
  limit = RESPONSIVENESS_SWEEP_BATCH,
): Promise<number> {
  const result = (await db.execute(
    sql`select referio_refresh_stale_responsiveness(${at.toISOString()}::timestamptz, make_interval(secs => ${staleMs / 1000}), ${limit}::int) as n`,
  )) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}
