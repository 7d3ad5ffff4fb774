import { subscribeRequest } from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicFormRoute } from '../public-form';

export const SUBSCRIBE_MESSAGES = {
  subscribed: 'Thanks for subscribing!',
} as const;

/**
 * The newsletter: the same answer whether or not the address was already subscribed (it would tell
 * anyone who is on the list), and a per-IP limit (SUBSCRIBE_IP_MAX per SUBSCRIBE_IP_WINDOW_SECONDS).
 */
const subscribe: FastifyPluginAsyncZod = async (app) => {
  publicFormRoute(app, {
    path: '/subscribe/createSubscribe',
    summary: 'Subscribe an e-mail to the newsletter (the same answer if already subscribed)',
    body: subscribeRequest,
    limit: {
      groupId: 'subscribe-ip',
      max: app.config.SUBSCRIBE_IP_MAX,
      windowSeconds: app.config.SUBSCRIBE_IP_WINDOW_SECONDS,
    },
    save: ({ email }, now) => app.subscriptions.subscribe(email, now),
    message: SUBSCRIBE_MESSAGES.subscribed,
  });
};

export default subscribe;
