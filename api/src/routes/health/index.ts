import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthAnswer } from '../../contract';
import { within } from '../../db';

const health: FastifyPluginAsyncZod = async (app) => {
  /**
   * Liveness and readiness in one: ok once the database answers `select 1` within HEALTH_TIMEOUT_MS,
   * else 503 at once (a stalled database must not hang the check; a load balancer takes the instance
   * out and puts it back when the database answers again). PGlite runs one query at a time, so a long
   * transaction holds its queue: the same bounded wait applies there.
   */
  app.get(
    '/health',
    {
      config: { auth: 'public', dbWatch: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness and readiness: ok once the database answers',
        response: { 200: healthAnswer, 503: healthAnswer },
      },
    },
    async (request, reply) => {
      try {
        await within(app.database.ping(), app.config.HEALTH_TIMEOUT_MS);
        return { status: 'ok' as const };
      } catch (err) {
        request.log.warn({ err }, 'health check: database unavailable');
        return reply.code(503).send({ status: 'unavailable' });
      }
    },
  );
};

export default health;
