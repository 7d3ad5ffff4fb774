// Trust and safety's constants and texts (no zod: the browser bundle takes this file; ./trust.ts has
// the schemas). docs/trust-and-safety.md.

/** What a user can report: a job post, a referrer (the referrer panel), a chat message, a profile. */
export const REPORT_TARGETS = ['job_post', 'referrer', 'message', 'profile'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** Why (the Report dialog's choices). */
export const REPORT_REASONS = [
  'fake_referrer',
  'fake_job',
  'spam',
  'harassment',
  'scam',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  fake_referrer: 'Not who they say they are',
  fake_job: 'Fake or misleading job',
  spam: 'Spam',
  harassment: 'Harassment or abuse',
  scam: 'Scam or asks for money',
  other: 'Something else',
};

export const REPORT_NOTE_MAX = 1000;

export const REPORT_STATUSES = ['open', 'actioned', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const DOMAIN_STATES = ['unconfirmed', 'confirmed', 'rejected'] as const;
export type DomainState = (typeof DOMAIN_STATES)[number];

/** The texts users see (word for word in the UI and the API's messages). */
export const TRUST_MESSAGES = {
  reported: 'Thanks. Our team will review your report.',
  reportLimit: (max: number) => `You can send at most ${max} reports a day. Try again tomorrow.`,
  reportSelf: 'You cannot report yourself.',
  reportTargetNotFound: 'What you reported no longer exists.',
  blocked: 'Blocked. They can no longer send you requests or messages.',
  unblocked: 'Unblocked.',
  blockSelf: 'You cannot block yourself.',
  userNotFound: 'User not found',
  /** A request or message to someone who blocked the sender, or whom the sender blocked. */
  blockedRefusal: 'You cannot contact this user.',
  suspendedSignIn: 'This account is suspended. Contact support if you think this is a mistake.',
  operatorsOnly: 'Only operators can do this.',
  domainNotFound: 'Domain not found',
  reportNotFound: 'Report not found',
  sharedMailHost: 'Please use your company email address, not a shared mail host.',
  /** A company name that only looks like an existing one. */
  lookAlike: (name: string, existing: string) =>
    `"${name}" looks like the existing company "${existing}". Use "${existing}" if you work there, or a clearly different name.`,
  /** The candidate's request card after the referrer ended their account (suspension). */
  endedBySuspension: 'This referrer is no longer on Referio; the request has ended.',
  /** The candidate's request card. */
  resumeOpened: (name: string, date: string) => `Resume opened by ${name} on ${date}`,
} as const;
