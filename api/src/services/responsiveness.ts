import type { ReferrerResponsiveness } from '../contract';
import { RESPONSIVENESS_WINDOW_DAYS } from '../contract';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import { referralRequests } from '../db/schema';

/**
 * How long a pending request waits for its answer. Until requests carry their own `expires_at`
 * (issue 17's expiry, REFERRAL_EXPIRY_HOURS, default 168), a request's time is up this long after it
 * was sent. The one place to change when the expiry lands (see docs/responsiveness.md).
 */
export const ANSWER_WINDOW_HOURS = 168;

/** When the request row `r` stops waiting for an answer. */
const deadline = (r: SQL) =>
  sql`(${r}.created_at + make_interval(hours => ${ANSWER_WINDOW_HOURS}))`;

/**
 * The responsiveness of the referrer `recipient` (a column or SQL value) at the moment `at`, as one
 * scalar subquery returning `[received, answered, medianAnswerSeconds]` (a float8[]: one value per job
 * row, read from the index referral_requests_recipient_created_idx without visiting the table).
 *
 * Counted (`received`): the requests the referrer received in the `RESPONSIVENESS_WINDOW_DAYS` before
 * `at` that have an outcome: answered (approved or declined), expired, or still pending past their
 * time. Requests still within their time are not counted yet; withdrawn requests never count.
 * Answered: approved or declined before their time was up. Statuses are compared as text, so the
 * statuses other branches add ('expired', 'withdrawn') need no change here.
 */
export function responsivenessOf(recipient: SQL | AnyPgColumn, at: SQL): SQL<number[] | null> {
  const r = sql`${sql.identifier('rr')}`;
  const status = sql`${r}.status::text`;
  const answered = sql`(${status} in ('approved', 'declined') and ${r}.responded_at <= ${deadline(r)})`;
  const counted = sql`(${status} in ('approved', 'declined', 'expired') or (${status} = 'pending' and ${deadline(r)} <= ${at}))`;
  return sql<
    number[] | null
  >`(select array[count(*) filter (where ${counted}), count(*) filter (where ${answered}), percentile_cont(0.5) within group (order by extract(epoch from ${r}.responded_at - ${r}.created_at)) filter (where ${answered})]::float8[] from ${referralRequests} ${r} where ${r}.recipient_id = ${recipient} and ${r}.created_at > ${at} - make_interval(days => ${RESPONSIVENESS_WINDOW_DAYS}) and ${r}.created_at <= ${at})`;
}

/** The subquery's array as the API answers it. */
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

/** `at` as an SQL timestamptz value. */
export const sqlTime = (at: Date): SQL => sql`${at.toISOString()}::timestamptz`;

/** One referrer's figures at `at` (their dashboard). */
export async function referrerResponsiveness(
  db: Db,
  referrerId: string,
  at: Date,
): Promise<ReferrerResponsiveness> {
  const result = (await db.execute(
    sql`select ${responsivenessOf(sql`${referrerId}::uuid`, sqlTime(at))} as v`,
  )) as unknown as { rows: { v: unknown }[] };
  return toResponsiveness(result.rows[0]?.v);
}
