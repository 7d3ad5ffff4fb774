import {
  devMailAnswer,
  devMailQuery,
  errorResponses,
  idSchema,
  referralRequestSavedAnswer,
} from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';

export const DEV_MAILBOX_LOOPBACK_ONLY = 'The dev mailbox is only served to this machine.';
export const DEV_LOOPBACK_ONLY = 'Development routes are only served to this machine.';
export const DEV_NO_PENDING_REQUEST = 'No pending referral request of yours has this id.';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The dev mailbox: mail the API would have sent (no SMTP_URL), newest first. Registered only outside
 * production (see app.ts), so a production server answers 404 here; and answered only to a client on
 * this machine (`request.ip`: the socket's address, or the X-Forwarded-For of a trusted proxy), so a
 * development server reachable from elsewhere does not hand out everyone's sign-in codes.
 */
const dev: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/mail',
    {
      config: { auth: 'public' },
      onRequest: async (request) => {
        if (!isLoopback(request.ip)) throw new HttpError(403, DEV_MAILBOX_LOOPBACK_ONLY);
      },
      schema: {
        tags: ['dev'],
        summary:
          'The dev mailbox: mail the API would have sent (loopback clients only; not in production)',
        querystring: devMailQuery,
        response: { 200: devMailAnswer, ...errorResponses(400, 403) },
      },
    },
    async (request) => {
      return { success: true, data: await app.devMail.list(request.query.to) };
    },
  );

  /**
   * Development only: a pending request of the caller (its sender or recipient) expires now, through
   * the real expiry (status, notifications, mail), so the browser suite can show "No response" without
   * a week's wait or a short expiry for every other journey (docs/referral-lifecycle.md).
   */
  app.post(
    '/dev/expireReferralRequest/:id',
    {
      onRequest: async (request) => {
        if (!isLoopback(request.ip)) throw new HttpError(403, DEV_LOOPBACK_ONLY);
      },
      schema: {
        tags: ['dev'],
        summary:
          'Expire a pending request of the caller now (loopback clients only; not in production)',
        params: z.object({ id: idSchema }),
        response: { 200: referralRequestSavedAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const data = await app.referrals.expireNowForDevelopment(request.params.id, me.id);
      if (!data) throw new HttpError(404, DEV_NO_PENDING_REQUEST);
      return { success: true as const, message: 'Referral request expired', data };
    },
  );
};

export default dev;
