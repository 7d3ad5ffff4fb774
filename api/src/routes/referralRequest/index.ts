import {
  getAllReferralRequestsRequest,
  getReferralNotificationsRequest,
  idSchema,
  MESSAGES,
  ROLE_REFERRER,
  sendReferralRequestRequest,
  updateReferralStatusRequest,
  type ReferralCounts,
} from '../../contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobPosts, referralRequests, type UserRow } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { assertSelf, currentUser } from '../../plugins/auth';
import { findJobRow } from '../../services/jobPosts';
import { findReferralRequest, listReferralRequests } from '../../services/referrals';
import handoffRoutes from './handoff';

export const REFERRAL_MESSAGES = {
  alreadyRequested: MESSAGES.alreadyRequested,
  needResume: 'Please upload your resume before requesting a referral.',
  ownJob: 'You cannot request a referral for your own job post.',
  jobNotFound: 'Job post not found',
  jobInactive: 'This job is no longer accepting referral requests.',
  wrongReferrer: 'This referrer did not post this job.',
  sendAsSelf: 'You can only send referral requests as yourself.',
  ownRequestsOnly: 'You can only see your own referral requests.',
  ownCountsOnly: 'You can only see your own referral counts.',
  ownNotificationsOnly: 'You can only see your own notifications.',
  notFound: 'Referral request not found',
  notRecipient: 'You can only update referral requests addressed to you.',
  alreadyDone: (status: string) => `This request has already been ${status}.`,
  verifyWorkEmail: 'Please verify your work email before approving referrals.',
  sent: 'Referral request sent successfully',
  notificationsSeen: 'Notifications marked as seen',
} as const;

const idParams = z.object({ id: idSchema });
const userIdParams = z.object({ userId: idSchema });

const referralRequest: FastifyPluginAsyncZod = async (app) => {
  await app.register(handoffRoutes);

  /** A candidate asks the job's referrer for a referral, carrying their current resume. */
  app.post(
    '/referralRequest/sendReferralRequest',
    { schema: { body: sendReferralRequestRequest } },
    async (request, reply) => {
      const me = assertSelf(request, request.body.userId, REFERRAL_MESSAGES.sendAsSelf);
      const { jobPostId, targetUserId } = request.body;
      const job = await findJobRow(app.db, jobPostId);
      if (!job) throw new HttpError(404, REFERRAL_MESSAGES.jobNotFound);
      if (job.userId === me.id) throw new HttpError(403, REFERRAL_MESSAGES.ownJob);
      if (targetUserId !== job.userId) throw new HttpError(400, REFERRAL_MESSAGES.wrongReferrer);
      if (job.status !== 'active') throw new HttpError(400, REFERRAL_MESSAGES.jobInactive);
      if (!me.resume) throw new HttpError(400, REFERRAL_MESSAGES.needResume);
      const now = app.now();
      const inserted = await app.db.transaction(async (tx) => {
        const rows = await tx
          .insert(referralRequests)
          .values({
            jobPostId: job.id,
            senderId: me.id,
            recipientId: job.userId,
            status: 'pending',
            resume: me.resume,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: [referralRequests.jobPostId, referralRequests.senderId] })
          .returning({ id: referralRequests.id });
        if (rows[0]) await app.notifications.referralRequested(tx, rows[0].id);
        return rows;
      });
      if (!inserted[0]) throw new HttpError(409, REFERRAL_MESSAGES.alreadyRequested);
      reply.code(201);
      return {
        success: true,
        message: REFERRAL_MESSAGES.sent,
        data: await findReferralRequest(app.db, inserted[0].id),
      };
    },
  );

  /** roleId 0: the requests the caller sent; 1: the requests addressed to the caller. */
  const listHandler = async (me: UserRow, roleId: number, status: string, jobPostId?: string) => {
    const mine =
      roleId === ROLE_REFERRER
        ? eq(referralRequests.recipientId, me.id)
        : eq(referralRequests.senderId, me.id);
    const data = await listReferralRequests(
      app.db,
      and(
        mine,
        eq(referralRequests.status, status as 'pending' | 'approved' | 'declined'),
        jobPostId ? eq(referralRequests.jobPostId, jobPostId) : undefined,
      ),
    );
    return { success: true, data };
  };

  app.post(
    '/referralRequest/getAllReferralRequestsData',
    { schema: { body: getAllReferralRequestsRequest } },
    async (request) => {
      const me = assertSelf(request, request.body.userId, REFERRAL_MESSAGES.ownRequestsOnly);
      const { roleId, status, jobPostId } = request.body;
      return listHandler(me, roleId, status, jobPostId);
    },
  );

  app.get(
    '/referralRequest/getAllReferralRequestsData',
    { schema: { querystring: getAllReferralRequestsRequest } },
    async (request) => {
      const me = assertSelf(request, request.query.userId, REFERRAL_MESSAGES.ownRequestsOnly);
      const { roleId, status, jobPostId } = request.query;
      return listHandler(me, roleId, status, jobPostId);
    },
  );

  async function counts(side: 'senderId' | 'recipientId', userId: string) {
    const column = referralRequests[side];
    const rows = await app.db
      .select({ status: referralRequests.status, n: sql<number>`count(*)::int` })
      .from(referralRequests)
      .where(eq(column, userId))
      .groupBy(referralRequests.status);
    const data: ReferralCounts = { total: 0, approved: 0, pending: 0, declined: 0 };
    for (const r of rows) {
      data[r.status] = Number(r.n);
      data.total += Number(r.n);
    }
    return { success: true, data };
  }

  /** Requests addressed to the caller (a referrer), by status. */
  app.get(
    '/referralRequest/getRefererCount/:userId',
    { schema: { params: userIdParams } },
    async (request) => {
      const me = assertSelf(request, request.params.userId, REFERRAL_MESSAGES.ownCountsOnly);
      return counts('recipientId', me.id);
    },
  );

  /** Requests the caller (a candidate) sent, by status. */
  app.get(
    '/referralRequest/getCandidateCount/:userId',
    { schema: { params: userIdParams } },
    async (request) => {
      const me = assertSelf(request, request.params.userId, REFERRAL_MESSAGES.ownCountsOnly);
      return counts('senderId', me.id);
    },
  );

  /**
   * The recipient approves or declines a pending request. Approving needs a verified work e-mail and
   * adds one to the job's totalReferrals, in the same transaction as the status change.
   */
  app.put(
    '/referralRequest/updateReferralStatus/:id',
    { schema: { params: idParams, body: updateReferralStatusRequest } },
    async (request) => {
      const me = currentUser(request);
      const { status } = request.body;
      const row = (
        await app.db
          .select()
          .from(referralRequests)
          .where(eq(referralRequests.id, request.params.id))
          .limit(1)
      )[0];
      if (!row) throw new HttpError(404, REFERRAL_MESSAGES.notFound);
      if (row.recipientId !== me.id) throw new HttpError(403, REFERRAL_MESSAGES.notRecipient);
      if (row.status !== 'pending')
        throw new HttpError(409, REFERRAL_MESSAGES.alreadyDone(row.status));
      if (status === 'approved' && !me.workEmailAdded) {
        throw new HttpError(403, REFERRAL_MESSAGES.verifyWorkEmail);
      }
      const changed = await app.db.transaction(async (tx) => {
        const now = app.now();
        const updated = await tx
          .update(referralRequests)
          .set({ status, updatedAt: now, respondedAt: now })
          .where(and(eq(referralRequests.id, row.id), eq(referralRequests.status, 'pending')))
          .returning({ id: referralRequests.id });
        if (!updated[0]) return false;
        if (status === 'approved') {
          await tx
            .update(jobPosts)
            .set({ totalReferrals: sql`${jobPosts.totalReferrals} + 1` })
            .where(eq(jobPosts.id, row.jobPostId));
        }
        await app.notifications.referralAnswered(tx, row.id, status);
        return true;
      });
      if (!changed) {
        const now = (await findReferralRequest(app.db, row.id))?.status ?? status;
        throw new HttpError(409, REFERRAL_MESSAGES.alreadyDone(now));
      }
      return {
        success: true,
        message: status === 'approved' ? MESSAGES.referralApproved : MESSAGES.referralDeclined,
        data: await findReferralRequest(app.db, row.id),
      };
    },
  );

  /**
   * The spec's notification list, from the notifications table (`app.notifications.legacyList`):
   * roleId 1: referral requests that arrived; roleId 0: answers to the caller's requests and the jobs
   * of their job-match notifications. At most 20, newest first, in the spec's `{ _id, createdAt,
   * jobPostId }` shape.
   */
  app.post(
    '/referralRequest/getReferralNotifications',
    { schema: { body: getReferralNotificationsRequest } },
    async (request) => {
      const me = assertSelf(request, request.body.userId, REFERRAL_MESSAGES.ownNotificationsOnly);
      return {
        success: true,
        data: await app.notifications.legacyList(me.id, request.body.roleId),
      };
    },
  );

  /** Marks all the caller's notifications read (the bell's dot clears on every device). */
  app.post('/referralRequest/markNotificationsSeen', async (request) => {
    const me = currentUser(request);
    await app.users.update(me.id, { notificationsSeenAt: app.now() });
    await app.notifications.markAllRead(me.id);
    return { success: true, message: REFERRAL_MESSAGES.notificationsSeen };
  });
};

export default referralRequest;
