// Trust and safety (docs/trust-and-safety.md): reports, blocks, the operator console's answers.
import './zodConfig';
import { z } from 'zod';
import { envelope, idSchema } from './common';

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

/** POST /trust/report */
export const createReportRequest = z.object({
  targetKind: z.enum(REPORT_TARGETS, { error: 'Choose what you are reporting' }),
  targetId: idSchema,
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
  note: z
    .string()
    .trim()
    .max(REPORT_NOTE_MAX, `The note can be at most ${REPORT_NOTE_MAX} characters`)
    .optional()
    .default(''),
});
export type CreateReportRequest = z.input<typeof createReportRequest>;

export const REPORT_STATUSES = ['open', 'actioned', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A report as its author sees it (their own reports) and as operators see it (the queue). */
export const reportSchema = z
  .object({
    _id: z.string(),
    targetKind: z.enum(REPORT_TARGETS),
    targetId: z.string(),
    /** The user behind the target. */
    targetUser: z.object({ _id: z.string(), fullName: z.string(), email: z.string() }),
    /** A line saying what was reported (the job's title and company, the message's text). */
    targetSummary: z.string(),
    reason: z.enum(REPORT_REASONS),
    note: z.string(),
    status: z.enum(REPORT_STATUSES),
    createdAt: z.string(),
    resolvedAt: z.string().nullable(),
    /** Operators only: who reported. */
    reporter: z.object({ _id: z.string(), fullName: z.string(), email: z.string() }).optional(),
    /** Operators only: whether the reported user is suspended now. */
    targetSuspended: z.boolean().optional(),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof reportSchema>;
export const reportAnswer = envelope(reportSchema);
export const reportsAnswer = envelope(z.array(reportSchema));

/** A user the caller blocked (their profile lists them, with Unblock). */
export const blockedUserSchema = z
  .object({ _id: z.string(), fullName: z.string(), email: z.string(), blockedAt: z.string() })
  .meta({ id: 'BlockedUser' });
export type BlockedUser = z.infer<typeof blockedUserSchema>;
export const blockedUsersAnswer = envelope(z.array(blockedUserSchema));
export const userIdBody = z.object({ userId: idSchema });

/** Operators: a company domain claimed by a first referrer, or any domain, to confirm or reject. */
export const DOMAIN_STATES = ['unconfirmed', 'confirmed', 'rejected'] as const;
export type DomainState = (typeof DOMAIN_STATES)[number];
export const domainClaimSchema = z
  .object({
    domain: z.string(),
    companyId: z.string(),
    companyName: z.string(),
    state: z.enum(DOMAIN_STATES),
    claimedBy: z.object({ _id: z.string(), fullName: z.string(), email: z.string() }).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'DomainClaim' });
export type DomainClaim = z.infer<typeof domainClaimSchema>;
export const domainClaimsAnswer = envelope(z.array(domainClaimSchema));
export const domainClaimAnswer = envelope(domainClaimSchema);
export const domainClaimsQuery = z.object({
  state: z.enum(DOMAIN_STATES).optional().default('unconfirmed'),
});
export const domainParams = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .min(1)
    .max(253)
    .regex(/^[a-z0-9.-]+$/, 'Invalid domain'),
});

/** Operators: a user to suspend or restore. */
export const adminUserSchema = z
  .object({
    _id: z.string(),
    fullName: z.string(),
    email: z.string(),
    workEmailDomain: z.string().nullable(),
    suspendedAt: z.string().nullable(),
    openReports: z.number().int(),
    activeJobs: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersAnswer = envelope(z.array(adminUserSchema));
export const adminUserAnswer = envelope(adminUserSchema);
export const adminUsersQuery = z.object({
  search: z.string().trim().max(100, 'Search is too long').optional().default(''),
});
export const suspendRequest = z.object({
  reason: z
    .string()
    .trim()
    .max(500, 'The reason can be at most 500 characters')
    .optional()
    .default(''),
});

/** Operators: act on a report (suspend its user too, or not) or dismiss it. */
export const resolveReportRequest = z.object({
  action: z.enum(['actioned', 'dismissed'], { error: 'Choose actioned or dismissed' }),
});

/** One operator action as the audit log keeps it. */
export const auditEntrySchema = z
  .object({
    _id: z.string(),
    actorEmail: z.string(),
    action: z.string(),
    targetKind: z.string(),
    targetId: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogAnswer = envelope(z.array(auditEntrySchema));
export const auditLogQuery = z.object({
  start: z.coerce.number().int().min(0).max(100000).optional().default(0),
  limit: z.coerce.number().int().min(1).max(100).optional().default(50),
});

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
