import {
  errorResponses,
  handoffParams,
  handoffResponse,
  responsivenessParams,
  responsivenessResponse,
} from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors';
import { assertSelf, currentUser } from '../../plugins/auth';
import { HANDOFF_STATUSES } from '../../services/handoff';

export const HANDOFF_MESSAGES = {
  notFound: 'Referral request not found',
  notYet: 'You can ask another referrer once this request is declined, expired or withdrawn.',
  ownResponsivenessOnly: 'You can only see your own response figures.',
} as const;

/** After a decline, the hand-off to other referrers at the same company; and a referrer's own figures. */
const handoffRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The active jobs of other verified referrers at the company of the caller's declined (expired,
   * withdrawn) request, the same title first, then the most responsive. Only the request's candidate
   * may ask: anyone else gets 404, as if the request did not exist.
   */
  app.get(
    '/referralRequest/handoff/:requestId',
    {
      schema: {
        tags: ['referrals'],
        summary:
          'Active jobs of other referrers at the company of a declined, expired or withdrawn request',
        params: handoffParams,
        response: { 200: handoffResponse, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const source = await app.referrals.handoffSource(request.params.requestId);
      if (!source || source.senderId !== me.id) throw new HttpError(404, HANDOFF_MESSAGES.notFound);
      if (!HANDOFF_STATUSES.includes(source.status)) {
        throw new HttpError(409, HANDOFF_MESSAGES.notYet);
      }
      return { success: true as const, data: await app.referrals.handoffJobs(source) };
    },
  );

  /** A referrer's own responsiveness over the last 90 days (their dashboard's stats line). */
  app.get(
    '/referralRequest/getResponsiveness/:userId',
    {
      schema: {
        tags: ['referrals'],
        summary: "A referrer's own responsiveness over the last 90 days",
        params: responsivenessParams,
        response: { 200: responsivenessResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const me = assertSelf(request, request.params.userId, HANDOFF_MESSAGES.ownResponsivenessOnly);
      return {
        success: true as const,
        data: await app.referrals.responsiveness(me.id),
      };
    },
  );
};

export default handoffRoutes;
