// Plain values and helpers of the contract (no zod): the browser's main bundle takes these without the schemas.

export const JOB_LOCATIONS = ['On-site', 'Remote', 'Hybrid'] as const;
export const JOB_TYPES = ['Full-time', 'Part-time', 'Contract'] as const;
export const INDUSTRIES = ['it', 'marketing', 'finance', 'sales'] as const;
export const EXPERIENCE_BANDS = ['1-3', '3-6', '6-9', '9-12'] as const;
export const JOB_STATUSES = ['active', 'inactive'] as const;

export type JobLocation = (typeof JOB_LOCATIONS)[number];
export type JobType = (typeof JOB_TYPES)[number];
export type Industry = (typeof INDUSTRIES)[number];
export type ExperienceBand = (typeof EXPERIENCE_BANDS)[number];
export type JobStatus = (typeof JOB_STATUSES)[number];

/** "Anything not inactive counts as active." */
export const isJobActive = (status: string | null | undefined): boolean => status !== 'inactive';

/**
 * Every state of a referral request. Only 'pending' ever changes, and only to one of the four others
 * (docs/referral-lifecycle.md). 'expired' is shown as "No response"; 'withdrawn' is the candidate's own
 * take-back, listed to them only, in their "Withdrawn" tab and left out of their total; 'ended' is a pending request whose
 * referrer an operator suspended (docs/trust-and-safety.md), listed to the candidate in the same tab.
 */
export const REFERRAL_STATUSES = [
  'pending',
  'approved',
  'declined',
  'expired',
  'withdrawn',
  'ended',
] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/**
 * The request lists' tabs: the candidate's 'expired' tab ("No response") also shows the requests whose
 * referrer was suspended ('ended'); 'withdrawn' is the candidate's own tab (the referrer never sees
 * withdrawn requests: their list of it is empty).
 */
export const LISTED_REFERRAL_STATUSES = [
  'pending',
  'approved',
  'declined',
  'expired',
  'withdrawn',
] as const;
export type ListedReferralStatus = (typeof LISTED_REFERRAL_STATUSES)[number];

/** Why a referrer declined (the 'Confirm Decline' dialog's choices). */
export const DECLINE_REASONS = [
  'role_filled',
  'experience_mismatch',
  'skills_mismatch',
  'cannot_refer',
  'other',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export const DECLINE_REASON_LABELS: Readonly<Record<DeclineReason, string>> = {
  role_filled: 'Role already filled',
  experience_mismatch: 'Experience does not match',
  skills_mismatch: 'Skills do not match',
  cannot_refer: 'Cannot refer for this role',
  other: 'Other',
};

/** The longest note an 'Other' decline carries. */
export const DECLINE_NOTE_MAX = 280;

/** The longest note a candidate sends the referrer with a request (a few short paragraphs). */
export const REQUEST_NOTE_MAX = 500;

/** The sentence a declined request shows for its reason ('Other' shows the referrer's note). */
export function declineReasonText(
  reason: DeclineReason | null | undefined,
  note?: string | null,
): string | null {
  if (!reason) return null;
  if (reason === 'other') return note?.trim() || DECLINE_REASON_LABELS.other;
  return DECLINE_REASON_LABELS[reason];
}

/** Today as 'yyyy-mm-dd' in local time. */
export function todayIsoDate(now: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** Adds an item typed into a tag field (skills, notes, sentences): trimmed, blanks and duplicates ignored. */
export function addListItem(list: readonly string[], raw: string): string[] {
  const item = raw.trim().replace(/[.,]$/, '').trim();
  // 'react' after 'React' is the same skill: compared without case.
  const key = item.toLowerCase();
  if (!item || list.some((i) => i.toLowerCase() === key)) return [...list];
  return [...list, item];
}

/** Edit form: skills and notes typed comma-separated, trimmed, blanks dropped. */
export function splitCommaList(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(',')) {
    const t = part.trim();
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

/** Edit form: description typed as plain text; one sentence per line or per full stop. */
export function splitSentences(text: string): string[] {
  return text
    .split(/\n|(?<=\.)\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The refusal of a new referral request over a cap (API 429 and the UI, which words `when` in the
 * person's own time): which limit, and when it frees up.
 */
export function referralLimitText(limit: 'pending' | 'daily', max: number, when: string): string {
  return limit === 'pending'
    ? `You already have ${max} pending referral requests, the most you can have at once. One frees up when your oldest request expires on ${when}, or when you withdraw one.`
    : `You have sent ${max} referral requests in the last 24 hours, the most allowed. You can send another on ${when}.`;
}
