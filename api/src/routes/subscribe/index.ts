import { subscribeRequest } from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscriptions } from '../../db/schema';

export const SUBSCRIBE_MESSAGES = {
  subscribed: 'Thanks for subscribing!',
} as const;

/**
 * The newsletter: the same answer whether or not the address was already subscribed (it would tell
 * anyone who is on the list), and a per-IP limit (SUBSCRIBE_IP_MAX per SUBSCRIBE_IP_WINDOW_SECONDS).
 */
const subscribe: FastifyPluginAsyncZod = async (app) => {
  const ipLimit = app.rateLimit({
    groupId: 'subscribe-ip',
    max: app.config.SUBSCRIBE_IP_MAX,
    timeWindow: app.config.SUBSCRIBE_IP_WINDOW_SECONDS * 1000,
  });

  app.post(
    '/subscribe/createSubscribe',
    { config: { auth: 'public' }, onRequest: ipLimit, schema: { body: subscribeRequest } },
    async (request, reply) => {
      await app.db
        .insert(subscriptions)
        .values({ email: request.body.email, createdAt: app.now() })
        .onConflictDoNothing({ target: subscriptions.email });
      reply.code(201);
      return { success: true, message: SUBSCRIBE_MESSAGES.subscribed };
    },
  );
};

export default subscribe;
