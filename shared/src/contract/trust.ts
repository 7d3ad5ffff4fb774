// Trust and safety (docs/trust-and-safety.md): reports, blocks, the operator console's answers.
import './zodConfig';
import { z } from 'zod';
import { envelope, idSchema } from './common';
import {
  DOMAIN_STATES,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
  SUSPEND_REASON_MAX,
  TRUST_MESSAGES,
} from './trustTexts';

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

/** A report in the operators' queue (GET /admin/reports): a report, and how many people reported its target. */
export const operatorReportSchema = reportSchema
  .extend({
    /** Operators only: how many people reported the same target (this report's author among them). */
    reporterCount: z
      .number()
      .int()
      .optional()
      .describe('How many people reported the same target, this report’s author among them'),
  })
  .meta({ id: 'OperatorReport' });
export type OperatorReport = z.infer<typeof operatorReportSchema>;
export const operatorReportAnswer = envelope(operatorReportSchema);
export const operatorReportsAnswer = envelope(z.array(operatorReportSchema));

/** A user the caller blocked (their profile lists them, with Unblock). */
export const blockedUserSchema = z
  .object({ _id: z.string(), fullName: z.string(), email: z.string(), blockedAt: z.string() })
  .meta({ id: 'BlockedUser' });
export type BlockedUser = z.infer<typeof blockedUserSchema>;
export const blockedUsersAnswer = envelope(z.array(blockedUserSchema));
export const userIdBody = z.object({ userId: idSchema });

/** Operators: a company domain claimed by a first referrer, or any domain, to confirm or reject. */
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
    /** The operator's reason, as the user is told it; null when not suspended. */
    suspendedReason: z.string().nullable(),
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
/** The reason is told to the user (the suspension e-mail, their page). */
export const suspendRequest = z.object({
  reason: z
    .string({ error: TRUST_MESSAGES.suspendReasonMissing })
    .trim()
    .min(1, TRUST_MESSAGES.suspendReasonMissing)
    .max(SUSPEND_REASON_MAX, TRUST_MESSAGES.suspendReasonTooLong),
});
export type SuspendRequest = z.input<typeof suspendRequest>;

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
    /** The operator's name now (their address when they have none). */
    actorName: z.string(),
    /** Whom or what the action was about: a user's name, a domain, the reported user of a report. */
    targetName: z.string(),
    /** A second line about the target: a user's e-mail, a domain's company, what a report was about. */
    targetDetail: z.string(),
    /** The change in words: "Suspended Jane Doe: spam". */
    change: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogAnswer = envelope(z.array(auditEntrySchema));
export const auditLogQuery = z.object({
  start: z.coerce.number().int().min(0).max(100000).optional().default(0),
  limit: z.coerce.number().int().min(1).max(100).optional().default(50),
});
