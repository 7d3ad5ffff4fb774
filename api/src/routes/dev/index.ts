import { emailSchema } from '../../contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devMails } from '../../db/schema';

/**
 * The dev mailbox: mail the API would have sent (no SMTP_URL), newest first. Registered only outside
 * production (see app.ts), so a production server answers 404 here.
 */
const dev: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/mail',
    { config: { auth: 'public' }, schema: { querystring: z.object({ to: emailSchema }) } },
    async (request) => {
      const rows = await app.db
        .select()
        .from(devMails)
        .where(eq(devMails.to, request.query.to))
        .orderBy(desc(devMails.createdAt), desc(devMails.id))
        .limit(50);
      return {
        success: true,
        data: rows.map((m) => ({
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          headers: m.headers,
          createdAt: m.createdAt.toISOString(),
        })),
      };
    },
  );
};

export default dev;
