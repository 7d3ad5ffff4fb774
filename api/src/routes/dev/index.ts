import { devMailAnswer, devMailQuery, errorResponses } from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors';

export const DEV_MAILBOX_LOOPBACK_ONLY = 'The dev mailbox is only served to this machine.';

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
};

export default dev;
