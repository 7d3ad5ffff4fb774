// The referrals repository (`app.referrals`, src/plugins/referrals.ts): every query on referral requests
// and their lifecycle (docs/referral-lifecycle.md). A request is born 'pending' and changes once, to
// 'approved' or 'declined' (its referrer), 'withdrawn' (its candidate) or 'expired' (nobody answered by
// `expires_at`). Expiry needs no timer that one process owns: `expireDue` is one idempotent UPDATE that
// any instance runs before the reads and writes that care, and every instance's outbox worker runs it
// (with the day-before reminder) in its loop; row locks make sure each request expires, and is told
// about, once.
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, desc, eq, gt, inArray, isNull, lte, not, or, sql, type SQL } from 'drizzle-orm';
import {
  MESSAGES,
  REFERRAL_EXPIRY_WARNING_HOURS,
  TRUST_MESSAGES,
  declineReasonText,
  referralLimitText,
  type DeclineReason,
  type Handoff,
  type ListedReferralStatus,
  type ReferralCounts,
  type ReferralLimit,
  type ReferralRequest,
  type ReferralStatus,
  type ReferrerResponsiveness,
} from '../contract';
import type { Db, Tx } from '../db';
import {
  blocks,
  companies,
  jobPosts,
  referralRequests,
  resumeOpens,
  resumes,
  users,
  type UserRow,
} from '../db/schema';
import { HttpError } from '../lib/errors';
import { findJobRow, jobPostColumns, toJobPost } from './job-posts';
import { blockedEitherWay, blockedEitherWaySql } from './trust';
import { verifiedAtSql, verifiedDomainSql, type CompanyRepository } from './companies';
import { handoffJobs, handoffSource, type HandoffSource } from './handoff';
import { referrerResponsivenessOf, refreshStaleResponsiveness } from './responsiveness';
import type { NotificationRepository } from './notifications';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export const REFERRAL_MESSAGES = {
  alreadyRequested: MESSAGES.alreadyRequested,
  needResume: 'Please upload your resume before requesting a referral.',
  ownJob: 'You cannot request a referral for your own job post.',
  notYourResume: 'You can only send your own resume.',
  resumeChanged: MESSAGES.savedResumeChanged,
  jobNotFound: 'Job post not found',
  blocked: TRUST_MESSAGES.blockedRefusal,
  jobInactive: 'This job is no longer accepting referral requests.',
  wrongReferrer: 'This referrer did not post this job.',
  sendAsSelf: 'You can only send referral requests as yourself.',
  ownRequestsOnly: 'You can only see your own referral requests.',
  ownCountsOnly: 'You can only see your own referral counts.',
  ownNotificationsOnly: 'You can only see your own notifications.',
  notFound: 'Referral request not found',
  notRecipient: 'You can only update referral requests addressed to you.',
  notSender: 'You can only withdraw referral requests you sent.',
  /** A request that is no longer pending cannot change again. */
  alreadyDone: (status: ReferralStatus) =>
    status === 'expired'
      ? 'This request has expired without an answer.'
      : status === 'withdrawn'
        ? 'This request has been withdrawn by the candidate.'
        : `This request has already been ${status}.`,
  verifyWorkEmail: 'Please verify your work email before approving referrals.',
  sent: 'Referral request sent successfully',
  withdrawn: 'Referral request withdrawn',
  notificationsSeen: 'Notifications marked as seen',
} as const;

/** A refusal over a cap: 429 with the limit, when it frees up, and Retry-After. */
export class ReferralLimitError extends HttpError {
  constructor(
    public readonly limit: ReferralLimit,
    public readonly availableAt: Date,
    max: number,
    now: Date,
  ) {
    super(429, referralLimitText(limit, max, formatUtc(availableAt)), {
      'Retry-After': String(Math.max(1, Math.ceil((availableAt.getTime() - now.getTime()) / 1000))),
    });
    this.name = 'ReferralLimitError';
  }
}

/** '17 Mar 2025, 09:00 UTC': the server's wording of a time (the UI words it in local time). */
function formatUtc(d: Date): string {
  const month = d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}, ${p(d.getUTCHours())}:${p(d.getUTCMinutes())} UTC`;
}

export interface ReferralOptions {
  expiryHours: number;
  pendingMax: number;
  perDay: number;
}

/** Whose requests a list or count is of: those the person sent, or those addressed to them. */
export type ReferralSide = 'sent' | 'received';

/**
 * The request `id`, locked in `tx` for a change by its `side` (the recipient answers, the sender
 * withdraws): 404 if there is none, 403 if `userId` is not that side of it.
 */
async function lockOwnRequest(
  tx: Tx,
  id: string,
  side: 'recipientId' | 'senderId',
  userId: string,
): Promise<typeof referralRequests.$inferSelect> {
  const [row] = await tx
    .select()
    .from(referralRequests)
    .where(eq(referralRequests.id, id))
    .for('update');
  if (!row) throw new HttpError(404, REFERRAL_MESSAGES.notFound);
  if (row[side] !== userId)
    throw new HttpError(
      403,
      side === 'recipientId' ? REFERRAL_MESSAGES.notRecipient : REFERRAL_MESSAGES.notSender,
    );
  return row;
}

/** The statuses that hold a job for its candidate (the partial unique index's). */
const LIVE_STATUSES = ['pending', 'approved', 'declined'] as const;
/**
 * The statuses a list of `status` shows: the candidate's "No response" tab ('expired') holds the
 * requests that expired and those whose referrer was suspended ('ended'; each card says which); their
 * withdrawn requests are a tab of their own; the referrer never sees a withdrawn request (an empty list).
 */
export function listedStatuses(
  side: ReferralSide,
  status: ListedReferralStatus,
): readonly ReferralStatus[] {
  if (status === 'withdrawn') return side === 'sent' ? ['withdrawn'] : [];
  return side === 'sent' && status === 'expired' ? ['expired', 'ended'] : [status];
}

/** The statuses in which the referrer may open the resume a request carried. */
const RESUME_OPEN_STATUSES: readonly ReferralStatus[] = ['pending', 'approved'];

const sender = alias(users, 'sender');
const recipient = alias(users, 'recipient');

/** The link to the resume a request carried (served to its sender and, while open, its recipient). */
export const requestResumeLink = (requestId: string, senderId: string, key: string | null) =>
  key ? `/api/documentsUpload/resume/${senderId}?requestId=${requestId}` : null;

export class ReferralRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly opts: ReferralOptions,
    private readonly notifications: NotificationRepository,
    private readonly companies: Pick<CompanyRepository, 'assertVerifiedForJob'>,
  ) {}

  // ---- expiry ----------------------------------------------------------------------------------------

  /**
   * Marks the overdue pending requests (of one request, sender or recipient, or all) expired and tells
   * each candidate, in one transaction. Idempotent and safe in parallel: a request another instance
   * expired first no longer matches `status = 'pending'` once its row lock is released.
   */
  async expireDue(scope: { id?: string; senderId?: string; recipientId?: string } = {}) {
    return this.db.transaction((tx) => this.expireDueIn(tx, scope));
  }

  private async expireDueIn(
    tx: Tx,
    scope: { id?: string; senderId?: string; recipientId?: string },
  ): Promise<number> {
    const now = this.now();
    const expired = await tx
      .update(referralRequests)
      .set({ status: 'expired', updatedAt: now })
      .where(
        and(
          eq(referralRequests.status, 'pending'),
          lte(referralRequests.expiresAt, now),
          scope.id ? eq(referralRequests.id, scope.id) : undefined,
          scope.senderId ? eq(referralRequests.senderId, scope.senderId) : undefined,
          scope.recipientId ? eq(referralRequests.recipientId, scope.recipientId) : undefined,
        ),
      )
      .returning({ id: referralRequests.id });
    for (const r of expired) await this.notifications.referralExpired(tx, r.id);
    return expired.length;
  }

  /**
   * Tells each referrer, once, about their pending requests that expire within a day. The flag is
   * claimed by the UPDATE itself (… RETURNING), so two instances never both send.
   */
  async warnExpiring(): Promise<number> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const claimed = await tx
        .update(referralRequests)
        .set({ expiryWarnedAt: now })
        .where(
          and(
            eq(referralRequests.status, 'pending'),
            isNull(referralRequests.expiryWarnedAt),
            gt(referralRequests.expiresAt, now),
            lte(
              referralRequests.expiresAt,
              new Date(now.getTime() + REFERRAL_EXPIRY_WARNING_HOURS * HOUR),
            ),
          ),
        )
        .returning({ id: referralRequests.id });
      for (const r of claimed) await this.notifications.referralExpiring(tx, r.id);
      return claimed.length;
    });
  }

  /**
   * Development only (the dev routes, absent in production): brings a pending request's expiry to now
   * and lets the real expiry run, so a browser journey sees "No response" without waiting a week. Only
   * the request's sender or recipient may; null: no such request of theirs.
   */
  async expireNowForDevelopment(id: string, callerId: string): Promise<ReferralRequest | null> {
    const [row] = await this.db
      .update(referralRequests)
      .set({ expiresAt: this.now() })
      .where(
        and(
          eq(referralRequests.id, id),
          eq(referralRequests.status, 'pending'),
          or(eq(referralRequests.senderId, callerId), eq(referralRequests.recipientId, callerId)),
        ),
      )
      .returning({ id: referralRequests.id });
    if (!row) return null;
    await this.expireDue({ id });
    return this.find(id, callerId);
  }

  /**
   * The worker's pass: expire what is overdue, remind about what expires within a day, then bring the
   * oldest responsiveness figures up to the clock (a bounded batch).
   */
  async sweep(): Promise<{ expired: number; warned: number; refreshed: number }> {
    const expired = await this.expireDue();
    const warned = await this.warnExpiring();
    const refreshed = await this.refreshStaleResponsiveness();
    return { expired, warned, refreshed };
  }

  // ---- reads -------------------------------------------------------------------------------------------

  /**
   * The person's requests of one status (sent or received), newest first; overdue ones expired first.
   * The candidate's 'expired' ("No response") also holds their ended requests (`listedStatuses`); the
   * referrer never sees a withdrawn request.
   */
  async list(
    userId: string,
    side: ReferralSide,
    status: ListedReferralStatus,
    jobPostId?: string,
  ): Promise<ReferralRequest[]> {
    await this.expireDue(side === 'sent' ? { senderId: userId } : { recipientId: userId });
    const statuses = listedStatuses(side, status);
    if (statuses.length === 0) return [];
    const mine =
      side === 'sent'
        ? eq(referralRequests.senderId, userId)
        : eq(referralRequests.recipientId, userId);
    // The requests of someone the user blocked leave their lists (docs/trust-and-safety.md).
    const other = side === 'sent' ? referralRequests.recipientId : referralRequests.senderId;
    return this.select(
      userId,
      and(
        mine,
        inArray(referralRequests.status, [...statuses]),
        jobPostId ? eq(referralRequests.jobPostId, jobPostId) : undefined,
        sql`not exists (select 1 from ${blocks} b where b.blocker_id = ${userId} and b.blocked_id = ${other})`,
      ),
    );
  }

  /**
   * The person's requests by status. The candidate's count their withdrawn ones in `withdrawn` (their own
   * tab, left out of `total`: a request taken back is not one that was made) and their ended ones in
   * `expired` ("No response"); the referrer's leave both out.
   */
  async counts(userId: string, side: ReferralSide): Promise<ReferralCounts> {
    await this.expireDue(side === 'sent' ? { senderId: userId } : { recipientId: userId });
    const column = side === 'sent' ? referralRequests.senderId : referralRequests.recipientId;
    const rows = await this.db
      .select({ status: referralRequests.status, n: sql<number>`count(*)::int` })
      .from(referralRequests)
      .where(eq(column, userId))
      .groupBy(referralRequests.status);
    const data: ReferralCounts = {
      total: 0,
      approved: 0,
      pending: 0,
      declined: 0,
      expired: 0,
      ...(side === 'sent' ? { withdrawn: 0 } : {}),
    };
    for (const r of rows) {
      if ((r.status === 'withdrawn' || r.status === 'ended') && side === 'received') continue;
      // An ended request (its referrer was suspended) is in the candidate's "No response" tab.
      if (r.status === 'ended') data.expired += Number(r.n);
      else data[r.status] = Number(r.n);
      if (r.status !== 'withdrawn') data.total += Number(r.n);
    }
    return data;
  }

  /** One request as its sender or recipient sees it. */
  async find(id: string, viewerId: string): Promise<ReferralRequest | null> {
    return (await this.select(viewerId, eq(referralRequests.id, id), 1))[0] ?? null;
  }

  /**
   * The storage key of the resume a request carried, for `viewerId`: its sender always; its recipient
   * while the request is pending or approved. null: not found for this viewer (404), never 403, so a
   * closed request's resume does not even show that it exists.
   */
  async resumeOfRequest(
    requestId: string,
    senderId: string,
    viewerId: string,
  ): Promise<{ key: string | null; forbidden: boolean } | null> {
    await this.expireDue({ id: requestId });
    const [row] = await this.db
      .select()
      .from(referralRequests)
      .where(and(eq(referralRequests.id, requestId), eq(referralRequests.senderId, senderId)))
      .limit(1);
    if (!row) return null;
    if (viewerId === row.senderId) return { key: row.resume, forbidden: false };
    if (viewerId !== row.recipientId) return { key: null, forbidden: true };
    if (!RESUME_OPEN_STATUSES.includes(row.status)) return null;
    // Blocked either way: the resume is not theirs to open (docs/trust-and-safety.md).
    if (await blockedEitherWay(this.db, row.senderId, viewerId))
      return { key: null, forbidden: true };
    return { key: row.resume, forbidden: false };
  }

  /**
   * Logs that `openerId` opened the resume of the request `requestId` (the candidate's card shows
   * "Resume opened by {name} on {date}"), or, without a request, of every open request from `senderId`
   * to them.
   */
  async logResumeOpen(
    openerId: string,
    target: { requestId: string } | { senderId: string },
  ): Promise<void> {
    const now = this.now();
    if ('requestId' in target) {
      await this.db
        .insert(resumeOpens)
        .values({ requestId: target.requestId, openerId, openedAt: now });
      return;
    }
    const open = await this.db
      .select({ id: referralRequests.id })
      .from(referralRequests)
      .where(
        and(
          eq(referralRequests.senderId, target.senderId),
          eq(referralRequests.recipientId, openerId),
          inArray(referralRequests.status, [...RESUME_OPEN_STATUSES]),
        ),
      );
    if (open.length === 0) return;
    await this.db
      .insert(resumeOpens)
      .values(open.map((r) => ({ requestId: r.id, openerId, openedAt: now })));
  }

  /** Whether `viewerId` holds an open (pending or approved) request from `senderId`. */
  async hasOpenRequestFrom(senderId: string, viewerId: string): Promise<boolean> {
    await this.expireDue({ senderId });
    const [row] = await this.db
      .select({ id: referralRequests.id })
      .from(referralRequests)
      .where(
        and(
          eq(referralRequests.senderId, senderId),
          eq(referralRequests.recipientId, viewerId),
          inArray(referralRequests.status, [...RESUME_OPEN_STATUSES]),
          not(blockedEitherWaySql(sql`${senderId}::uuid`, sql`${viewerId}::uuid`)),
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  // ---- changes -----------------------------------------------------------------------------------------

  /**
   * A candidate asks the job's referrer for a referral, carrying the file of one of their resumes
   * (`resumeKey`, null when they have none). The sender's user row is locked for the transaction, so
   * parallel requests (from any instance) are counted one after the other against the caps, and a
   * resume deleted or replaced meanwhile (under the same lock) is seen: 409, nothing sent.
   */
  async send(
    me: UserRow,
    jobPostId: string,
    targetUserId: string,
    resumeKey: string | null,
    note: string | null = null,
  ): Promise<ReferralRequest> {
    const job = await findJobRow(this.db, jobPostId);
    if (!job) throw new HttpError(404, REFERRAL_MESSAGES.jobNotFound);
    if (job.userId === me.id) throw new HttpError(403, REFERRAL_MESSAGES.ownJob);
    if (targetUserId !== job.userId) throw new HttpError(400, REFERRAL_MESSAGES.wrongReferrer);
    if (job.status !== 'active') throw new HttpError(400, REFERRAL_MESSAGES.jobInactive);
    if (!resumeKey) throw new HttpError(400, REFERRAL_MESSAGES.needResume);
    // Blocked either way: no request (docs/trust-and-safety.md).
    if (await blockedEitherWay(this.db, me.id, job.userId)) {
      throw new HttpError(403, REFERRAL_MESSAGES.blocked);
    }
    // Overdue requests are expired (and told about) for good, whatever this request's fate.
    await this.expireDue({ senderId: me.id });
    const now = this.now();
    const id = await this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, me.id)).for('update');
      const [held] = await tx
        .select({ id: resumes.id })
        .from(resumes)
        .where(and(eq(resumes.storageKey, resumeKey), eq(resumes.ownerId, me.id)));
      if (!held) throw new HttpError(409, REFERRAL_MESSAGES.resumeChanged);
      const [live] = await tx
        .select({ id: referralRequests.id })
        .from(referralRequests)
        .where(
          and(
            eq(referralRequests.jobPostId, job.id),
            eq(referralRequests.senderId, me.id),
            inArray(referralRequests.status, [...LIVE_STATUSES]),
          ),
        )
        .limit(1);
      if (live) throw new HttpError(409, REFERRAL_MESSAGES.alreadyRequested);
      await this.checkCaps(tx, me.id, now);
      const [row] = await tx
        .insert(referralRequests)
        .values({
          jobPostId: job.id,
          senderId: me.id,
          recipientId: job.userId,
          status: 'pending',
          resume: resumeKey,
          note,
          createdAt: now,
          updatedAt: now,
          expiresAt: new Date(now.getTime() + this.opts.expiryHours * HOUR),
        })
        .onConflictDoNothing()
        .returning({ id: referralRequests.id });
      if (!row) throw new HttpError(409, REFERRAL_MESSAGES.alreadyRequested);
      await this.notifications.referralRequested(tx, row.id);
      return row.id;
    });
    return (await this.find(id, me.id))!;
  }

  /** Throws a ReferralLimitError when the sender is at a cap (pending first, then the day's). */
  private async checkCaps(tx: Tx, senderId: string, now: Date): Promise<void> {
    const pending = await tx
      .select({ expiresAt: referralRequests.expiresAt })
      .from(referralRequests)
      .where(and(eq(referralRequests.senderId, senderId), eq(referralRequests.status, 'pending')))
      .orderBy(asc(referralRequests.expiresAt));
    const { pendingMax, perDay } = this.opts;
    if (pending.length >= pendingMax) {
      // The one whose expiry brings the count under the cap.
      const frees = pending[pending.length - pendingMax]!.expiresAt;
      throw new ReferralLimitError('pending', frees, pendingMax, now);
    }
    const today = await tx
      .select({ createdAt: referralRequests.createdAt })
      .from(referralRequests)
      .where(
        and(
          eq(referralRequests.senderId, senderId),
          gt(referralRequests.createdAt, new Date(now.getTime() - DAY)),
        ),
      )
      .orderBy(asc(referralRequests.createdAt));
    if (today.length >= perDay) {
      const leaves = new Date(today[today.length - perDay]!.createdAt.getTime() + DAY);
      throw new ReferralLimitError('daily', leaves, perDay, now);
    }
  }

  /**
   * The recipient approves or declines a pending request (a decline may carry a reason). Approving
   * needs a verified work e-mail and adds one to the job's totalReferrals, in the same transaction.
   */
  async answer(
    me: UserRow,
    id: string,
    status: 'approved' | 'declined',
    reason: DeclineReason | null,
    note: string | null,
  ): Promise<ReferralRequest> {
    await this.expireDue({ id });
    if (status === 'approved' && me.workEmailAdded) {
      // Approving needs a verified work e-mail at the job's company (docs/verified-referrers.md). Read
      // before the transaction (PGlite runs one statement at a time); the refusals of a request that is
      // missing, not the caller's or no longer pending come from the transaction below.
      const [pre] = await this.db
        .select({
          jobPostId: referralRequests.jobPostId,
          recipientId: referralRequests.recipientId,
          status: referralRequests.status,
        })
        .from(referralRequests)
        .where(eq(referralRequests.id, id));
      if (pre && pre.recipientId === me.id && pre.status === 'pending')
        await this.companies.assertVerifiedForJob(me.id, pre.jobPostId, 'approve', this.now());
    }
    await this.db.transaction(async (tx) => {
      const row = await lockOwnRequest(tx, id, 'recipientId', me.id);
      // An answer tells the candidate: no contact after a block either way.
      if (await blockedEitherWay(tx, row.senderId, me.id)) {
        throw new HttpError(403, REFERRAL_MESSAGES.blocked);
      }
      if (row.status !== 'pending')
        throw new HttpError(409, REFERRAL_MESSAGES.alreadyDone(row.status));
      if (status === 'approved' && !me.workEmailAdded) {
        throw new HttpError(403, REFERRAL_MESSAGES.verifyWorkEmail);
      }
      const declined = status === 'declined';
      await tx
        .update(referralRequests)
        .set({
          status,
          updatedAt: this.now(),
          // The responsiveness figures (services/responsiveness.ts) read when it was answered.
          respondedAt: this.now(),
          declineReason: declined ? reason : null,
          declineNote: declined && reason === 'other' ? note : null,
        })
        .where(eq(referralRequests.id, row.id));
      if (status === 'approved') {
        await tx
          .update(jobPosts)
          .set({ totalReferrals: sql`${jobPosts.totalReferrals} + 1` })
          .where(eq(jobPosts.id, row.jobPostId));
      }
      await this.notifications.referralAnswered(
        tx,
        row.id,
        status,
        declined ? declineReasonText(reason, note) : null,
      );
    });
    return (await this.find(id, me.id))!;
  }

  /** The candidate takes back a pending request: it leaves the referrer's list and frees the job. */
  async withdraw(me: UserRow, id: string): Promise<ReferralRequest> {
    await this.expireDue({ id });
    await this.db.transaction(async (tx) => {
      const row = await lockOwnRequest(tx, id, 'senderId', me.id);
      if (row.status !== 'pending')
        throw new HttpError(409, REFERRAL_MESSAGES.alreadyDone(row.status));
      await tx
        .update(referralRequests)
        .set({ status: 'withdrawn', updatedAt: this.now() })
        .where(eq(referralRequests.id, row.id));
      // Nobody is notified, but the request leaves the referrer's list and counts (and moves in the
      // candidate's other tabs), live.
      await this.notifications.listsChanged(tx, [row.recipientId, row.senderId], ['referrals']);
    });
    return (await this.find(id, me.id))!;
  }

  // ---- hand-off and responsiveness (services/handoff.ts, services/responsiveness.ts) --------------------

  /** The request `id` with its job's title and company (the hand-off's source), or null. */
  handoffSource(id: string): Promise<HandoffSource | null> {
    return handoffSource(this.db, id);
  }

  /** Other referrers' active jobs at the source request's company, same title and most responsive first. */
  handoffJobs(source: HandoffSource): Promise<Handoff> {
    return handoffJobs(this.db, source);
  }

  /**
   * A referrer's answered share and median time to answer over the last 90 days, as kept in
   * referrer_responsiveness (no row: no figures).
   */
  responsiveness(referrerId: string): Promise<ReferrerResponsiveness> {
    return referrerResponsivenessOf(this.db, referrerId);
  }

  /**
   * Recomputes the responsiveness figures computed more than an hour before now, a bounded batch
   * (the window moves with the clock; the triggers follow the writes). Answers how many.
   */
  refreshStaleResponsiveness(): Promise<number> {
    return refreshStaleResponsiveness(this.db, this.now());
  }

  // ---- internals ---------------------------------------------------------------------------------------

  /** Requests with their job, sender and recipient, newest first, as `viewerId` sees them. */
  private async select(viewerId: string, where: SQL | undefined, limit?: number) {
    const query = this.db
      .select({
        request: referralRequests,
        job: jobPostColumns,
        logo: companies.logo,
        sender: {
          id: sender.id,
          fullName: sender.fullName,
          email: sender.email,
          overAllExperience: sender.overAllExperience,
          skills: sender.skills,
        },
        recipient: { id: recipient.id, fullName: recipient.fullName, email: recipient.email },
        // One of the two blocked the other: neither sees the other's address or resume.
        blocked: blockedEitherWaySql(sender.id, recipient.id),
        // The job's referrer's verified domain and whether it is confirmed for the job's company.
        verifiedDomain: verifiedDomainSql(sql`${jobPosts}.${sql.identifier('user_id')}`),
        verifiedAtCompany: verifiedAtSql(
          sql`${jobPosts}.${sql.identifier('user_id')}`,
          sql`${jobPosts}.${sql.identifier('company_id')}`,
        ),
        // The candidate's card: who opened the resume last and when, and when it was first opened.
        resumeOpened: sql<{
          fullName: string;
          mailbox: string;
          at: string;
          firstAt: string;
        } | null>`(select json_build_object('fullName', trim(u.full_name), 'mailbox', split_part(u.email, '@', 1), 'at', o.opened_at, 'firstAt', (select min(f.opened_at) from ${resumeOpens} f where f.request_id = ${referralRequests.id})) from ${resumeOpens} o join ${users} u on u.id = o.opener_id where o.request_id = ${referralRequests.id} order by o.opened_at desc limit 1)`,
      })
      .from(referralRequests)
      .innerJoin(jobPosts, eq(jobPosts.id, referralRequests.jobPostId))
      .leftJoin(companies, eq(companies.id, jobPosts.companyId))
      .innerJoin(sender, eq(sender.id, referralRequests.senderId))
      .innerJoin(recipient, eq(recipient.id, referralRequests.recipientId))
      .where(where)
      .orderBy(desc(referralRequests.createdAt), desc(referralRequests.id));
    const rows = limit ? await query.limit(limit) : await query;
    return rows.map((r): ReferralRequest => {
      const rq = r.request;
      // The referrer's link to the resume goes once the request is declined, expired or withdrawn.
      const resumeVisible =
        viewerId === rq.senderId || (RESUME_OPEN_STATUSES.includes(rq.status) && !r.blocked);
      const emailOf = (id: string, email: string) => (r.blocked && id !== viewerId ? '' : email);
      return {
        _id: rq.id,
        status: rq.status,
        createdAt: rq.createdAt.toISOString(),
        updatedAt: rq.updatedAt.toISOString(),
        expiresAt: rq.expiresAt.toISOString(),
        declineReason: rq.declineReason,
        declineNote: rq.declineNote,
        note: rq.note,
        jobPostId: toJobPost({
          job: r.job,
          logo: r.logo,
          // The request holds the job for its candidate (an expired or withdrawn one frees it).
          isApplied: (LIVE_STATUSES as readonly string[]).includes(rq.status),
          verifiedAtCompany: r.verifiedAtCompany,
          verifiedDomain: r.verifiedDomain,
        }),
        ...(viewerId === rq.senderId
          ? { resumeOpened: resumeOpenedOf(r.resumeOpened, r.blocked) }
          : {}),
        senderId: {
          _id: r.sender.id,
          fullName: r.sender.fullName,
          email: emailOf(r.sender.id, r.sender.email),
          overAllExperience: r.sender.overAllExperience,
          resumeLink: resumeVisible ? requestResumeLink(rq.id, r.sender.id, rq.resume) : null,
          skills: r.sender.skills,
        },
        recipientId: {
          _id: r.recipient.id,
          fullName: r.recipient.fullName,
          email: emailOf(r.recipient.id, r.recipient.email),
        },
      };
    });
  }
}

/**
 * Who opened the resume (the candidate's card): the opener's name, else their mailbox's name, which a
 * block hides like the address ("Referio member"); the last open and the first.
 */
function resumeOpenedOf(
  opened: { fullName: string; mailbox: string; at: string; firstAt: string } | null,
  blocked: boolean,
): ReferralRequest['resumeOpened'] {
  if (!opened) return null;
  const name = opened.fullName || (blocked ? TRUST_MESSAGES.unnamedMember : opened.mailbox);
  const iso = (at: string) => new Date(at).toISOString();
  return { name, at: iso(opened.at), firstAt: iso(opened.firstAt) };
}
