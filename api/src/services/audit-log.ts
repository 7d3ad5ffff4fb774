// The audit log as operators read it (docs/trust-and-safety.md): each entry with the names of who acted and
// on whom or what (a user's name and e-mail, a domain and its company, the reported user and what the
// report was about) and the change in words, "Suspended Jane Doe: spam", instead of ids and JSON.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { AUDIT_CHANGES, REPORT_REASON_LABELS, type AuditEntry } from '../contract';
import type { Db } from '../db';
import { auditLog, jobPosts, reports, users, type AuditLogRow } from '../db/schema';

/** Whom or what an entry is about, in words. */
interface TargetNames {
  name: string;
  detail: string;
  /** A report's reason. */
  reason?: string;
}

type Names = Map<string, TargetNames>;

const nameOf = (u: { fullName: string; email: string }) => u.fullName.trim() || u.email;
const field = (value: unknown, key: string): string => {
  const v = (value as Record<string, unknown> | null)?.[key];
  return typeof v === 'string' ? v : '';
};

/** The audit log, newest first, in words. */
export async function readAuditLog(db: Db, start: number, limit: number): Promise<AuditEntry[]> {
  const rows = await db
    .select({ r: auditLog, actor: { fullName: users.fullName, email: users.email } })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(start);
  const entries = rows.map((row) => row.r);
  const [people, reported] = await Promise.all([
    userNames(db, idsOf(entries, 'user')),
    reportNames(db, idsOf(entries, 'report')),
  ]);
  return rows.map(({ r, actor }) => {
    const target = targetNames(r, people, reported);
    return {
      _id: r.id,
      actorEmail: r.actorEmail,
      action: r.action,
      targetKind: r.targetKind,
      targetId: r.targetId,
      before: r.before,
      after: r.after,
      createdAt: r.createdAt.toISOString(),
      actorName: actor ? nameOf({ fullName: actor.fullName, email: r.actorEmail }) : r.actorEmail,
      targetName: target.name,
      targetDetail: target.detail,
      change: changeOf(r, target),
    };
  });
}

const idsOf = (rows: AuditLogRow[], kind: string) => [
  ...new Set(rows.filter((r) => r.targetKind === kind).map((r) => r.targetId)),
];

async function userNames(db: Db, ids: string[]): Promise<Names> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((u) => [u.id, { name: nameOf(u), detail: u.email }]));
}

/** A report's reported user, and its reason with the job it was about (when a job). */
async function reportNames(db: Db, ids: string[]): Promise<Names> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: reports.id,
      reason: reports.reason,
      fullName: users.fullName,
      email: users.email,
      jobTitle: jobPosts.jobTitle,
      companyName: jobPosts.companyName,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.targetUserId))
    .leftJoin(jobPosts, and(eq(reports.targetKind, 'job_post'), eq(jobPosts.id, reports.targetId)))
    .where(inArray(reports.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        name: nameOf(r),
        reason: REPORT_REASON_LABELS[r.reason],
        detail: [
          REPORT_REASON_LABELS[r.reason],
          r.jobTitle ? `${r.jobTitle} at ${r.companyName}` : r.email,
        ].join(' · '),
      },
    ]),
  );
}

function targetNames(r: AuditLogRow, people: Names, reported: Names): TargetNames {
  if (r.targetKind === 'domain') {
    return { name: `@${r.targetId}`, detail: field(r.after, 'company') };
  }
  const known = (r.targetKind === 'user' ? people : reported).get(r.targetId);
  // A user or report deleted since: its id is all there is.
  return known ?? { name: r.targetId, detail: '' };
}

function changeOf(r: AuditLogRow, target: TargetNames): string {
  const reason = target.reason ?? '';
  switch (r.action) {
    case 'user.suspend':
      return AUDIT_CHANGES.suspended(target.name, field(r.after, 'reason'));
    case 'user.restore':
      return AUDIT_CHANGES.unsuspended(target.name);
    case 'domain.confirm':
      return AUDIT_CHANGES.domainConfirmed(r.targetId, target.detail);
    case 'domain.reject':
      return AUDIT_CHANGES.domainRejected(r.targetId, field(r.before, 'company'));
    case 'report.action':
      return AUDIT_CHANGES.reportActioned(target.name, reason);
    case 'report.dismiss':
      return AUDIT_CHANGES.reportDismissed(target.name, reason);
    default:
      return `${r.action} ${target.name}`;
  }
}
