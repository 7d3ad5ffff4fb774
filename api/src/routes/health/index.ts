import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const health: FastifyPluginAsyncZod = async (app) => {
  /** Liveness and readiness in one: ok once the database answers `select 1`. */
  app.get('/health', { config: { auth: 'public' } }, async (request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ok' };
    } catch (err) {
      request.log.warn({ err }, 'health check: database unavailable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
};

export default health;
