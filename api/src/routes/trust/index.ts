import {
  TRUST_MESSAGES,
  blockedUsersAnswer,
  createReportRequest,
  errorResponses,
  messageAnswer,
  reportAnswer,
  reportsAnswer,
  userIdBody,
} from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';

/** A user's reports and blocks (docs/trust-and-safety.md). Every route needs a signed-in user. */
const trust: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/trust/report',
    {
      schema: {
        tags: ['trust'],
        summary:
          'Report a job post, a referrer, a chat message or a profile (once while open, limited per day)',
        body: createReportRequest,
        response: { 201: reportAnswer, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const report = await app.trust.report(me, request.body);
      reply.code(201);
      return { success: true, message: TRUST_MESSAGES.reported, data: report };
    },
  );

  app.get(
    '/trust/reports',
    {
      schema: {
        tags: ['trust'],
        summary: "The caller's own reports, newest first",
        response: { 200: reportsAnswer, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return { success: true, data: await app.trust.reports({ reporterId: me.id }, false) };
    },
  );

  app.post(
    '/trust/block',
    {
      schema: {
        tags: ['trust'],
        summary: 'Block a user: no requests or messages from them, their jobs and requests hidden',
        body: userIdBody,
        response: { 200: messageAnswer, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      await app.trust.block(me.id, request.body.userId);
      return { success: true, message: TRUST_MESSAGES.blocked };
    },
  );

  app.post(
    '/trust/unblock',
    {
      schema: {
        tags: ['trust'],
        summary: 'Unblock a user',
        body: userIdBody,
        response: { 200: messageAnswer, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      await app.trust.unblock(me.id, request.body.userId);
      return { success: true, message: TRUST_MESSAGES.unblocked };
    },
  );

  app.get(
    '/trust/blocks',
    {
      schema: {
        tags: ['trust'],
        summary: 'The users the caller blocked, newest first',
        response: { 200: blockedUsersAnswer, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return { success: true, data: await app.trust.blocked(me.id) };
    },
  );
};

export default trust;
