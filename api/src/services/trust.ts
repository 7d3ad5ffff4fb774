// Trust and safety (docs/trust-and-safety.md): users' reports and blocks, operators' suspensions and
// the audit log of every operator action. `app.trust` (src/plugins/trust.ts); routes translate HTTP.
import {
  and,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  or,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  TRUST_MESSAGES,
  type AdminUser,
  type AuditEntry,
  type BlockedUser,
  type CreateReportRequest,
  type OperatorReport,
  type Report,
  type ReportStatus,
  type Suspension,
} from '../contract';
import type { Db, Tx } from '../db';
import {
  auditLog,
  blocks,
  chats,
  jobPosts,
  mailOutbox,
  messages,
  referralRequests,
  reports,
  savedJobs,
  sessions,
  users,
  type UserRow,
} from '../db/schema';
import { HttpError } from '../lib/errors';
import { renderSuspensionMail } from '../lib/suspension-mail';
import { readAuditLog } from './audit-log';
import { containsPattern } from './companies';
import { listsChangedIn } from './notifications';

const DAY = 24 * 60 * 60 * 1000;

/**
 * SQL: whether one of the users `a` and `b` (SQL over their ids) blocked the other. A block cuts contact
 * both ways: no requests, messages, resumes or addresses (docs/trust-and-safety.md).
 */
export const blockedEitherWaySql = (a: SQLWrapper, b: SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${blocks} bl where (bl.blocker_id = ${a} and bl.blocked_id = ${b})
    or (bl.blocker_id = ${b} and bl.blocked_id = ${a}))`;

/** Whether one of the two users blocked the other. */
export async function blockedEitherWay(db: Db | Tx, a: string, b: string): Promise<boolean> {
  const result = (await db.execute(
    sql`select ${blockedEitherWaySql(sql`${a}::uuid`, sql`${b}::uuid`)} as blocked`,
  )) as unknown as { rows: { blocked: boolean }[] };
  return result.rows[0]?.blocked === true;
}

/** A user's suspension as they are told about it (the operator's reason), or null when not suspended. */
export function suspensionOfUser(
  u: Pick<UserRow, 'suspendedAt' | 'suspendedReason'>,
): Suspension | null {
  return u.suspendedAt
    ? { reason: u.suspendedReason, suspendedAt: u.suspendedAt.toISOString() }
    : null;
}
/** A second report of the same target while the reporter's first is open (409). */
export const REPORT_DUPLICATE_MESSAGE =
  'You have already reported this. Our team will review your report.';

/** Who acts, as the audit log keeps them. */
export interface Operator {
  id: string;
  email: string;
}

/** What an audit entry records. */
interface AuditFacts {
  action: string;
  targetKind: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

/** A user's state as the audit log keeps it around a suspension. */
interface SuspensionState {
  suspendedAt: string | null;
  activeJobs: string[];
  pendingRequests: string[];
}

export class TrustRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly reportsPerDay: number,
    /** The site's address, for links in the suspension e-mail. */
    private readonly publicUrl: string,
  ) {}

  // ---- audit -------------------------------------------------------------------------------------------

  /** Writes one audit entry (in the transaction of the action it records). */
  async audit(tx: Tx, operator: Operator, facts: AuditFacts): Promise<void> {
    await tx.insert(auditLog).values({
      actorId: operator.id,
      actorEmail: operator.email,
      action: facts.action,
      targetKind: facts.targetKind,
      targetId: facts.targetId,
      before: facts.before ?? null,
      after: facts.after ?? null,
      createdAt: this.now(),
    });
  }

  /** The audit log, newest first, with names and the change in words (./audit-log.ts). */
  auditLog(start: number, limit: number): Promise<AuditEntry[]> {
    return readAuditLog(this.db, start, limit);
  }

  // ---- reports -----------------------------------------------------------------------------------------

  /** The user behind a report's target, and a line saying what it is; null when it does not exist. */
  private async target(
    reporterId: string,
    kind: CreateReportRequest['targetKind'],
    id: string,
  ): Promise<{ userId: string } | null> {
    if (kind === 'job_post') {
      const [job] = await this.db
        .select({ userId: jobPosts.userId })
        .from(jobPosts)
        .where(eq(jobPosts.id, id))
        .limit(1);
      return job ?? null;
    }
    if (kind === 'message') {
      // Only a member of the chat can report one of its messages.
      const [m] = await this.db
        .select({ userId: messages.senderId })
        .from(messages)
        .innerJoin(chats, eq(chats.id, messages.chatId))
        .where(
          and(
            eq(messages.id, id),
            or(eq(chats.candidateId, reporterId), eq(chats.referrerId, reporterId)),
          ),
        )
        .limit(1);
      return m ?? null;
    }
    const [u] = await this.db.select({ userId: users.id }).from(users).where(eq(users.id, id));
    return u ?? null;
  }

  /**
   * A user's report. One open report per reporter and target (409: the unique partial index
   * `reports_open_once_idx` backs the check); at most `reportsPerDay` a rolling day (429). The
   * reporter's row is locked so parallel reports are checked one after the other.
   */
  async report(reporter: UserRow, body: Required<CreateReportRequest>): Promise<Report> {
    const target = await this.target(reporter.id, body.targetKind, body.targetId);
    if (!target) throw new HttpError(404, TRUST_MESSAGES.reportTargetNotFound);
    if (target.userId === reporter.id) throw new HttpError(400, TRUST_MESSAGES.reportSelf);
    const now = this.now();
    const id = await this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, reporter.id)).for('update');
      const [open] = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(
          and(
            eq(reports.reporterId, reporter.id),
            eq(reports.targetKind, body.targetKind),
            eq(reports.targetId, body.targetId),
            eq(reports.status, 'open'),
          ),
        )
        .limit(1);
      if (open) throw new HttpError(409, REPORT_DUPLICATE_MESSAGE);
      const [today] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(reports)
        .where(
          and(
            eq(reports.reporterId, reporter.id),
            gt(reports.createdAt, new Date(now.getTime() - DAY)),
          ),
        );
      if ((today?.n ?? 0) >= this.reportsPerDay) {
        throw new HttpError(429, TRUST_MESSAGES.reportLimit(this.reportsPerDay));
      }
      const [row] = await tx
        .insert(reports)
        .values({
          reporterId: reporter.id,
          targetKind: body.targetKind,
          targetId: body.targetId,
          targetUserId: target.userId,
          reason: body.reason,
          note: body.note,
          createdAt: now,
        })
        .returning({ id: reports.id });
      return row!.id;
    });
    return (await this.reports({ id }, false))[0]!;
  }

  /** Reports, newest first: the caller's own, the queue of one status, or one by id (operators). */
  async reports(
    q: { reporterId?: string; status?: ReportStatus; id?: string },
    forOperator: boolean,
  ): Promise<OperatorReport[]> {
    const reporter = alias(users, 'reporter');
    const target = alias(users, 'target');
    const rows = await this.db
      .select({
        r: reports,
        reporter: { id: reporter.id, fullName: reporter.fullName, email: reporter.email },
        target: {
          id: target.id,
          fullName: target.fullName,
          email: target.email,
          suspendedAt: target.suspendedAt,
        },
        reporterCount: sql<number>`(select count(distinct o.reporter_id)::int from ${reports} o where o.target_kind = ${reports.targetKind} and o.target_id = ${reports.targetId})`,
        summary: sql<string>`coalesce(
          (select j.job_title || ' at ' || j.company_name from ${jobPosts} j where ${reports.targetKind} = 'job_post' and j.id = ${reports.targetId}),
          (select left(m.content, 200) from ${messages} m where ${reports.targetKind} = 'message' and m.id = ${reports.targetId}),
          '')`,
      })
      .from(reports)
      .innerJoin(reporter, eq(reporter.id, reports.reporterId))
      .innerJoin(target, eq(target.id, reports.targetUserId))
      .where(
        and(
          q.reporterId ? eq(reports.reporterId, q.reporterId) : undefined,
          q.status ? eq(reports.status, q.status) : undefined,
          q.id ? eq(reports.id, q.id) : undefined,
        ),
      )
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(200);
    return rows.map(({ r, reporter: by, target: t, summary, reporterCount }) => ({
      _id: r.id,
      targetKind: r.targetKind,
      targetId: r.targetId,
      targetUser: { _id: t.id, fullName: t.fullName, email: t.email },
      targetSummary: summary,
      reason: r.reason,
      note: r.note,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
      ...(forOperator
        ? {
            reporter: { _id: by.id, fullName: by.fullName, email: by.email },
            targetSuspended: t.suspendedAt !== null,
            reporterCount: Number(reporterCount),
          }
        : {}),
    }));
  }

  /** An operator closes a report: acted on, or dismissed. Audited. */
  async resolveReport(
    id: string,
    status: 'actioned' | 'dismissed',
    operator: Operator,
  ): Promise<Report> {
    const [before] = await this.reports({ id }, true);
    if (!before) throw new HttpError(404, TRUST_MESSAGES.reportNotFound);
    const now = this.now();
    await this.db.transaction(async (tx) => {
      await tx
        .update(reports)
        .set({ status, resolvedAt: now, resolvedBy: operator.id })
        .where(eq(reports.id, id));
      await this.audit(tx, operator, {
        action: `report.${status === 'actioned' ? 'action' : 'dismiss'}`,
        targetKind: 'report',
        targetId: id,
        before: { status: before.status },
        after: { status },
      });
    });
    return (await this.reports({ id }, true))[0]!;
  }

  // ---- blocks ------------------------------------------------------------------------------------------

  async block(blockerId: string, blockedId: string): Promise<void> {
    if (blockerId === blockedId) throw new HttpError(400, TRUST_MESSAGES.blockSelf);
    const [u] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, blockedId));
    if (!u) throw new HttpError(404, TRUST_MESSAGES.userNotFound);
    await this.db
      .insert(blocks)
      .values({ blockerId, blockedId, createdAt: this.now() })
      .onConflictDoNothing();
  }

  async unblock(blockerId: string, blockedId: string): Promise<void> {
    await this.db
      .delete(blocks)
      .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
  }

  /** The users `blockerId` blocked, newest first. */
  async blocked(blockerId: string): Promise<BlockedUser[]> {
    const rows = await this.db
      .select({
        id: users.id,
        fullName: users.fullName,
        email: users.email,
        at: blocks.createdAt,
      })
      .from(blocks)
      .innerJoin(users, eq(users.id, blocks.blockedId))
      .where(eq(blocks.blockerId, blockerId))
      .orderBy(desc(blocks.createdAt));
    return rows.map((r) => ({
      _id: r.id,
      fullName: r.fullName,
      email: r.email,
      blockedAt: r.at.toISOString(),
    }));
  }

  /** The ids of the users `blockerId` blocked (their jobs leave the lists). */
  async blockedIds(blockerId: string): Promise<Set<string>> {
    const rows = await this.db
      .select({ id: blocks.blockedId })
      .from(blocks)
      .where(eq(blocks.blockerId, blockerId));
    return new Set(rows.map((r) => r.id));
  }

  // ---- users (operators) -------------------------------------------------------------------------------

  /** Users for operators: a search by name or e-mail, or the suspended and the reported. */
  async users(search: string): Promise<AdminUser[]> {
    const where = search
      ? or(
          ilike(users.email, containsPattern(search)),
          ilike(users.fullName, containsPattern(search)),
        )
      : or(
          isNotNull(users.suspendedAt),
          sql`exists (select 1 from ${reports} r where r.target_user_id = ${users.id} and r.status = 'open')`,
        );
    const ids = await this.db
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt))
      .limit(100);
    return this.adminUsers(ids.map((r) => r.id));
  }

  private async adminUsers(ids: string[]): Promise<AdminUser[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({
        u: users,
        openReports: sql<number>`(select count(*)::int from ${reports} r where r.target_user_id = ${users.id} and r.status = 'open')`,
        activeJobs: sql<number>`(select count(*)::int from ${jobPosts} j where j.user_id = ${users.id} and j.status = 'active')`,
      })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(desc(users.createdAt));
    return rows.map(({ u, openReports, activeJobs }) => ({
      _id: u.id,
      fullName: u.fullName,
      email: u.email,
      workEmailDomain: u.workEmailDomain,
      suspendedAt: u.suspendedAt?.toISOString() ?? null,
      suspendedReason: u.suspendedAt ? (u.suspendedReason ?? '') : null,
      openReports: Number(openReports),
      activeJobs: Number(activeJobs),
      createdAt: u.createdAt.toISOString(),
    }));
  }

  /**
   * An operator suspends a user: they cannot sign in (their sessions end), their active jobs close
   * (gone from every list and search), and their pending requests, sent or received, end ('ended').
   * What was closed and ended is kept in the audit entry, so a restore reopens exactly those jobs. The
   * reason is kept on the user and e-mailed to them (through the outbox, in the same transaction).
   */
  async suspend(userId: string, reason: string, operator: Operator): Promise<AdminUser> {
    if (userId === operator.id) throw new HttpError(400, TRUST_MESSAGES.suspendSelf);
    const now = this.now();
    await this.db.transaction(async (tx) => {
      const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!u) throw new HttpError(404, TRUST_MESSAGES.userNotFound);
      if (u.suspendedAt) return;
      const jobs = await tx
        .update(jobPosts)
        .set({ status: 'inactive' })
        .where(and(eq(jobPosts.userId, userId), eq(jobPosts.status, 'active')))
        .returning({ id: jobPosts.id });
      const ended = await tx
        .update(referralRequests)
        .set({ status: 'ended', updatedAt: now })
        .where(
          and(
            eq(referralRequests.status, 'pending'),
            or(eq(referralRequests.recipientId, userId), eq(referralRequests.senderId, userId)),
          ),
        )
        .returning({
          id: referralRequests.id,
          senderId: referralRequests.senderId,
          recipientId: referralRequests.recipientId,
        });
      const others = ended.map((r) => (r.senderId === userId ? r.recipientId : r.senderId));
      const closed = jobs.map((j) => j.id);
      await this.announceListChanges(tx, others, closed);
      await tx
        .update(users)
        .set({ suspendedAt: now, suspendedReason: reason })
        .where(eq(users.id, userId));
      // Expired, not deleted: a call made with one of them is told why (SessionStore.suspendedOwner).
      await tx
        .update(sessions)
        .set({ expiresAt: now })
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
      await this.mailSuspension(tx, u, reason);
      const before: SuspensionState = {
        suspendedAt: null,
        activeJobs: jobs.map((j) => j.id),
        pendingRequests: ended.map((r) => r.id),
      };
      const after: SuspensionState = {
        suspendedAt: now.toISOString(),
        activeJobs: [],
        pendingRequests: [],
      };
      await this.audit(tx, operator, {
        action: 'user.suspend',
        targetKind: 'user',
        targetId: userId,
        before,
        after: { ...after, reason, endedRequests: before.pendingRequests },
      });
    });
    return (await this.adminUsers([userId]))[0]!;
  }

  /** The user's suspension as they are told about it, or null when they are not suspended. */
  async suspensionOf(userId: string): Promise<Suspension | null> {
    const [u] = await this.db
      .select({ suspendedAt: users.suspendedAt, suspendedReason: users.suspendedReason })
      .from(users)
      .where(eq(users.id, userId));
    return u ? suspensionOfUser(u) : null;
  }

  /**
   * An operator restores a suspended user: they can sign in again and the jobs their suspension
   * closed are open again (those still closed). Ended requests stay ended: their candidates were told.
   */
  async restore(userId: string, operator: Operator): Promise<AdminUser> {
    await this.db.transaction(async (tx) => {
      const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!u) throw new HttpError(404, TRUST_MESSAGES.userNotFound);
      if (!u.suspendedAt) return;
      const [last] = await tx
        .select({ before: auditLog.before })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'user.suspend'),
            eq(auditLog.targetKind, 'user'),
            eq(auditLog.targetId, userId),
          ),
        )
        .orderBy(desc(auditLog.createdAt))
        .limit(1);
      const closed = (last?.before as SuspensionState | undefined)?.activeJobs ?? [];
      const reopened = closed.length
        ? await tx
            .update(jobPosts)
            .set({ status: 'active' })
            .where(
              and(
                inArray(jobPosts.id, closed),
                eq(jobPosts.userId, userId),
                eq(jobPosts.status, 'inactive'),
              ),
            )
            .returning({ id: jobPosts.id })
        : [];
      await tx
        .update(users)
        .set({ suspendedAt: null, suspendedReason: null })
        .where(eq(users.id, userId));
      const reopenedIds = reopened.map((j) => j.id);
      await this.announceListChanges(tx, [], reopenedIds);
      await this.audit(tx, operator, {
        action: 'user.restore',
        targetKind: 'user',
        targetId: userId,
        before: {
          suspendedAt: u.suspendedAt.toISOString(),
          reason: u.suspendedReason,
          activeJobs: [],
        },
        after: { suspendedAt: null, activeJobs: reopened.map((j) => j.id) },
      });
    });
    return (await this.adminUsers([userId]))[0]!;
  }

  /**
   * Live (docs/notifications.md): the other people of the requests a suspension ended see them move on
   * their open request pages, and whoever saved a job it closed or a restore reopened sees it change.
   */
  private async announceListChanges(tx: Tx, requestPeople: string[], jobIds: string[]) {
    await listsChangedIn(tx, requestPeople, ['referrals']);
    if (jobIds.length === 0) return;
    const savers = await tx
      .select({ id: savedJobs.userId })
      .from(savedJobs)
      .where(inArray(savedJobs.jobPostId, jobIds));
    const saverIds = savers.map((row) => row.id);
    await listsChangedIn(tx, saverIds, ['savedJobs']);
  }

  /** The suspension notice with its reason, into the outbox (account mail: no preference turns it off). */
  private async mailSuspension(tx: Tx, u: UserRow, reason: string): Promise<void> {
    const now = this.now();
    const mail = renderSuspensionMail({
      publicUrl: this.publicUrl,
      recipientName: u.fullName,
      reason,
    });
    await tx
      .insert(mailOutbox)
      .values({ userId: u.id, kind: null, to: u.email, ...mail, availableAt: now, createdAt: now });
  }
}
