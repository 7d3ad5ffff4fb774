// Referral requests over HTTP: each route checks who asks and hands over to `app.referrals`
// (src/services/referrals.ts), where every query and lifecycle rule lives (docs/referral-lifecycle.md).
import {
  errorResponses,
  getAllReferralRequestsRequest,
  getReferralNotificationsRequest,
  idSchema,
  MESSAGES,
  messageAnswer,
  referralCountsAnswer,
  referralNotificationsAnswer,
  referralRequestSavedAnswer,
  referralRequestsAnswer,
  ROLE_REFERRER,
  referralLimitResponse,
  sendReferralRequestRequest,
  updateReferralStatusRequest,
} from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { assertSelf, currentUser } from '../../plugins/auth';
import { REFERRAL_MESSAGES, ReferralLimitError } from '../../services/referrals';
import type { RouteApp } from '../route-app';
import handoffRoutes from './handoff';
import matchRoutes from './match';

export { REFERRAL_MESSAGES };

const idParams = z.object({ id: idSchema });
const userIdParams = z.object({ userId: idSchema });

/** A candidate asks for a referral. */
function sendRoutes(app: RouteApp): void {
  /**
   * A candidate asks the job's referrer for a referral, carrying the resume they chose (else their
   * default one). 429 when the candidate is at a cap (which one, and when it frees up).
   */
  app.post(
    '/referralRequest/sendReferralRequest',
    {
      schema: {
        tags: ['referrals'],
        summary: "Ask a job's referrer for a referral (carries the chosen or default resume)",
        body: sendReferralRequestRequest,
        response: {
          201: referralRequestSavedAnswer,
          ...errorResponses(400, 401, 403, 404, 409),
          429: referralLimitResponse,
        },
      },
    },
    async (request, reply) => {
      const me = assertSelf(request, request.body.userId, REFERRAL_MESSAGES.sendAsSelf);
      const { jobPostId, targetUserId, resumeId, note } = request.body;
      // The resume the candidate chose (theirs: 403 for anyone else's; 409 when deleted meanwhile, like
      // an unknown id), else their default one.
      let resumeKey: string | null;
      if (resumeId) {
        const chosen = await app.resumes.find(resumeId);
        if (chosen && chosen.ownerId !== me.id) {
          throw new HttpError(403, REFERRAL_MESSAGES.notYourResume);
        }
        if (!chosen) throw new HttpError(409, REFERRAL_MESSAGES.resumeChanged);
        resumeKey = chosen.storageKey;
      } else {
        resumeKey = (await app.resumes.findDefault(me.id))?.storageKey ?? null;
      }
      try {
        const data = await app.referrals.send(me, jobPostId, targetUserId, resumeKey, note || null);
        reply.code(201);
        return { success: true as const, message: REFERRAL_MESSAGES.sent, data };
      } catch (err) {
        if (!(err instanceof ReferralLimitError)) throw err;
        return reply
          .code(429)
          .headers(err.headers)
          .send({
            success: false as const,
            message: err.message,
            limit: err.limit,
            availableAt: err.availableAt.toISOString(),
          });
      }
    },
  );
}

/** The requests someone sent or received (the same list by POST and GET). */
function listRoutes(app: RouteApp): void {
  /** roleId 0: the requests the caller sent; 1: the requests addressed to the caller. */
  const list = async (me: UserRow, q: z.output<typeof getAllReferralRequestsRequest>) => ({
    success: true as const,
    data: await app.referrals.list(
      me.id,
      q.roleId === ROLE_REFERRER ? 'received' : 'sent',
      q.status,
      q.jobPostId,
    ),
  });
  const listResponse = { 200: referralRequestsAnswer, ...errorResponses(400, 401, 403) };

  app.post(
    '/referralRequest/getAllReferralRequestsData',
    {
      schema: {
        tags: ['referrals'],
        summary: 'Requests the caller sent (roleId 0) or received (roleId 1), by status',
        body: getAllReferralRequestsRequest,
        response: listResponse,
      },
    },
    async (request) =>
      list(
        assertSelf(request, request.body.userId, REFERRAL_MESSAGES.ownRequestsOnly),
        request.body,
      ),
  );

  app.get(
    '/referralRequest/getAllReferralRequestsData',
    {
      schema: {
        tags: ['referrals'],
        summary: 'The same list as the POST, from the query string',
        querystring: getAllReferralRequestsRequest,
        response: listResponse,
      },
    },
    async (request) =>
      list(
        assertSelf(request, request.query.userId, REFERRAL_MESSAGES.ownRequestsOnly),
        request.query,
      ),
  );
}

/** How many requests someone received or sent, by status. */
function countRoutes(app: RouteApp): void {
  const countsSchema = {
    params: userIdParams,
    response: { 200: referralCountsAnswer, ...errorResponses(400, 401, 403) },
  };

  /** Requests addressed to the caller (a referrer), by status. */
  app.get(
    '/referralRequest/getRefererCount/:userId',
    {
      schema: {
        tags: ['referrals'],
        summary: 'Requests addressed to the caller (a referrer), by status',
        ...countsSchema,
      },
    },
    async (request) => {
      const me = assertSelf(request, request.params.userId, REFERRAL_MESSAGES.ownCountsOnly);
      return { success: true as const, data: await app.referrals.counts(me.id, 'received') };
    },
  );

  /** Requests the caller (a candidate) sent, by status. */
  app.get(
    '/referralRequest/getCandidateCount/:userId',
    {
      schema: {
        tags: ['referrals'],
        summary: 'Requests the caller (a candidate) sent, by status',
        ...countsSchema,
      },
    },
    async (request) => {
      const me = assertSelf(request, request.params.userId, REFERRAL_MESSAGES.ownCountsOnly);
      return { success: true as const, data: await app.referrals.counts(me.id, 'sent') };
    },
  );
}

/** A request's decisions: the recipient's approve or decline, the sender's withdraw. */
function decisionRoutes(app: RouteApp): void {
  /**
   * The recipient approves or declines a pending request (a decline may carry a reason). 409 once the
   * request is no longer pending (answered, expired or withdrawn).
   */
  app.put(
    '/referralRequest/updateReferralStatus/:id',
    {
      schema: {
        tags: ['referrals'],
        summary:
          'Approve or decline (with an optional reason) a pending request addressed to the caller',
        params: idParams,
        body: updateReferralStatusRequest,
        response: { 200: referralRequestSavedAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { status, reason, note } = request.body;
      const data = await app.referrals.answer(
        me,
        request.params.id,
        status,
        reason ?? null,
        note ?? null,
      );
      return {
        success: true as const,
        message: status === 'approved' ? MESSAGES.referralApproved : MESSAGES.referralDeclined,
        data,
      };
    },
  );

  /** The sender withdraws a pending request. 409 once it is no longer pending. */
  app.post(
    '/referralRequest/withdraw/:id',
    {
      schema: {
        tags: ['referrals'],
        summary: 'Withdraw a pending request the caller sent (frees the job for a new request)',
        params: idParams,
        response: { 200: referralRequestSavedAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const data = await app.referrals.withdraw(me, request.params.id);
      return { success: true as const, message: REFERRAL_MESSAGES.withdrawn, data };
    },
  );
}

/** The referral notifications and marking them seen. */
function notificationRoutes(app: RouteApp): void {
  /**
   * The spec's notification list, from the notifications table (`app.notifications.legacyList`):
   * roleId 1: referral requests that arrived; roleId 0: answers to the caller's requests and the jobs
   * of their job-match notifications. At most 20, newest first, in the spec's `{ _id, createdAt,
   * jobPostId }` shape.
   */
  app.post(
    '/referralRequest/getReferralNotifications',
    {
      schema: {
        tags: ['referrals'],
        summary: "The spec's notification list (newest first, at most 20)",
        body: getReferralNotificationsRequest,
        response: { 200: referralNotificationsAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const me = assertSelf(request, request.body.userId, REFERRAL_MESSAGES.ownNotificationsOnly);
      return {
        success: true,
        data: await app.notifications.legacyList(me.id, request.body.roleId),
      };
    },
  );

  /** Marks all the caller's notifications read (the bell's dot clears on every device). */
  app.post(
    '/referralRequest/markNotificationsSeen',
    {
      schema: {
        tags: ['referrals'],
        summary: "Mark all the caller's notifications read (no body)",
        response: { 200: messageAnswer, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      await app.users.update(me.id, { notificationsSeenAt: app.now() });
      await app.notifications.markAllRead(me.id);
      return { success: true, message: REFERRAL_MESSAGES.notificationsSeen };
    },
  );
}

/** Referral requests, by resource: the hand-off, the match summary, sending, lists, counts, decisions, notifications. */
const referralRequest: FastifyPluginAsyncZod = async (app) => {
  await app.register(handoffRoutes);
  await app.register(matchRoutes);
  sendRoutes(app);
  listRoutes(app);
  countRoutes(app);
  decisionRoutes(app);
  notificationRoutes(app);
};

export default referralRequest;
