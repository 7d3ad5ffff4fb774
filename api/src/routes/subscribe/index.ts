import { subscribeRequest } from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscriptions } from '../../db/schema';

export const SUBSCRIBE_MESSAGES = {
  subscribed: 'Thanks for subscribing!',
  already: 'You are already subscribed.',
} as const;

const subscribe: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/subscribe/createSubscribe',
    { config: { auth: 'public' }, schema: { body: subscribeRequest } },
    async (request, reply) => {
      const inserted = await app.db
        .insert(subscriptions)
        .values({ email: request.body.email, createdAt: app.now() })
        .onConflictDoNothing({ target: subscriptions.email })
        .returning({ id: subscriptions.id });
      if (inserted.length === 0) return { success: true, message: SUBSCRIBE_MESSAGES.already };
      reply.code(201);
      return { success: true, message: SUBSCRIBE_MESSAGES.subscribed };
    },
  );
};

export default subscribe;
