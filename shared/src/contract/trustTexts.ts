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

/** The longest reason an operator can give for a suspension. */
export const SUSPEND_REASON_MAX = 500;

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
  /** A message or chat to or from a suspended account. */
  suspendedContact: "This account is suspended. Messages to and from it can't be sent.",
  /** The suspended page (/suspended). */
  suspendedTitle: 'Your account is suspended',
  suspendedSince: (date: string) => `Our team suspended this account on ${date}.`,
  suspendedReasonLabel: 'Reason given',
  suspendedNoReason: 'No reason was recorded.',
  suspendedUnknown:
    'This browser is not signed in. If your account was suspended, you cannot sign in until our team restores it.',
  suspendedWhile:
    'While it is suspended you cannot sign in, your job posts are hidden and no one can send you requests or messages.',
  suspendedAppeal:
    'If you think this is a mistake, write to us from the contact page with the e-mail address of your account. A person on our team reads every appeal.',
  suspendedAppealLink: 'Appeal on the contact page',
  /** A person shown without a name or address (a blocked chat's other member who gave no name). */
  unnamedMember: 'Referio member',
  /** The chat of a block (either way) or a suspension: readable, closed. */
  chatClosed: 'This conversation is closed. You can read it, but no new messages can be sent.',
  operatorsOnly: 'Only operators can do this.',
  suspendReasonMissing: 'Give a reason for the suspension. The user is told it.',
  suspendReasonTooLong: `The reason can be at most ${SUSPEND_REASON_MAX} characters.`,
  suspendSelf: 'You cannot suspend yourself.',
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

/** The audit log's change in words (the API writes them; the operator console shows them). */
export const AUDIT_CHANGES = {
  suspended: (name: string, reason: string) =>
    reason ? `Suspended ${name}: ${reason}` : `Suspended ${name}`,
  unsuspended: (name: string) => `Unsuspended ${name}`,
  domainConfirmed: (domain: string, company: string) => `Confirmed @${domain} for ${company}`,
  domainRejected: (domain: string, company: string) =>
    `Rejected @${domain} (claimed for ${company})`,
  reportActioned: (name: string, reason: string) =>
    `Closed the report on ${name} (${reason}) as acted on`,
  reportDismissed: (name: string, reason: string) => `Dismissed the report on ${name} (${reason})`,
} as const;
