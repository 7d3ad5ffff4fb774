import fp from 'fastify-plugin';
import { SubscriptionRepository } from '../services/subscriptions';

declare module 'fastify' {
  interface FastifyInstance {
    /** The newsletter's subscribers. */
    subscriptions: SubscriptionRepository;
  }
}

/** Decorates the app with `subscriptions` over the app's database. */
export default fp(
  async (app) => {
    app.decorate('subscriptions', new SubscriptionRepository(app.db));
  },
  { name: 'subscriptions', dependencies: ['db'] },
);
