import fp from 'fastify-plugin';
import { ReferralRepository } from '../services/referrals';

declare module 'fastify' {
  interface FastifyInstance {
    /** Referral requests: their lists, counts, lifecycle and caps (src/services/referrals.ts). */
    referrals: ReferralRepository;
  }
}

/** Decorates the app with `referrals` over the app's database, clock, notifications and company verification. */
export default fp(
  async (app) => {
    app.decorate(
      'referrals',
      new ReferralRepository(
        app.db,
        app.now,
        {
          expiryHours: app.config.REFERRAL_EXPIRY_HOURS,
          pendingMax: app.config.PENDING_REQUESTS_MAX,
          perDay: app.config.REQUESTS_PER_DAY,
        },
        app.notifications,
        app.companies,
      ),
    );
  },
  { name: 'referrals', dependencies: ['config', 'db', 'notifications', 'companies'] },
);
