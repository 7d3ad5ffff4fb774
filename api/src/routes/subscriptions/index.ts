import { errorResponses, messageAnswer, subscribeRequest } from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

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
    {
      config: { auth: 'public' },
      onRequest: ipLimit,
      schema: {
        tags: ['site'],
        summary: 'Subscribe an e-mail to the newsletter (the same answer if already subscribed)',
        body: subscribeRequest,
        response: { 201: messageAnswer, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await app.subscriptions.subscribe(request.body.email, app.now());
      reply.code(201);
      return { success: true, message: SUBSCRIBE_MESSAGES.subscribed };
    },
  );
};

export default subscribe;
