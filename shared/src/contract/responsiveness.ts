// A referrer's responsiveness (do they answer?): the figures the API answers and the phrase cards show. Plain
// values and helpers (no zod): the browser's main bundle takes these. Decisions: docs/responsiveness.md.

/** The figures cover the requests received in this many days before now. */
export const RESPONSIVENESS_WINDOW_DAYS = 90;

/** Below this many answered requests a referrer shows as "New referrer". */
export const NEW_REFERRER_BELOW_ANSWERED = 3;

/** A referrer's figures over the last `RESPONSIVENESS_WINDOW_DAYS` days. */
export interface ReferrerResponsiveness {
  /**
   * Requests with an outcome: answered, expired, or still pending past their time (requests still
   * within their time and withdrawn requests are not counted).
   */
  received: number;
  /** Of those, approved or declined before their time was up. */
  answered: number;
  /** Median time from the request to its answer, in seconds; null when none was answered. */
  medianAnswerSeconds: number | null;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * "within 5 hours" under one day, else "within 2 days": the median rounded up (an answer in 25 hours
 * is "within 2 days"; an answer in 10 minutes is "within 1 hour").
 */
export function answerTimePhrase(seconds: number): string {
  if (seconds < DAY) {
    const hours = Math.max(1, Math.ceil(seconds / HOUR));
    return `within ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  const days = Math.ceil(seconds / DAY);
  return `within ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** The share answered as a whole percentage, rounded down (99.6% answered is not "100% answered"). */
export function answeredPercent(r: Pick<ReferrerResponsiveness, 'received' | 'answered'>): number {
  if (r.received <= 0) return 0;
  return Math.floor((r.answered * 100) / r.received);
}

/**
 * The request statuses after which a candidate may ask another referrer at the same company (the
 * hand-off). Strings, compared as text, so SQL and TypeScript name the statuses the same way.
 */
export const HANDOFF_STATUSES: readonly string[] = ['declined', 'expired', 'withdrawn'];

/** Whether there is too little history to show figures ("New referrer"). */
export const isNewReferrer = (r: ReferrerResponsiveness | null | undefined): boolean =>
  !r || r.answered < NEW_REFERRER_BELOW_ANSWERED || r.medianAnswerSeconds === null;

/** "Usually answers within 2 days · 80% answered", or "New referrer" under 3 answered requests. */
export function responsivenessText(r: ReferrerResponsiveness | null | undefined): string {
  if (!r || isNewReferrer(r)) return 'New referrer';
  return `Usually answers ${answerTimePhrase(r.medianAnswerSeconds!)} · ${answeredPercent(r)}% answered`;
}
