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

export const REFERRAL_STATUSES = ['pending', 'approved', 'declined'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

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
