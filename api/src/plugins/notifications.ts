import fp from 'fastify-plugin';
import { NotificationRepository } from '../services/notifications';

declare module 'fastify' {
  interface FastifyInstance {
    /** Notifications: events, the bell, e-mail preferences, unsubscribe (src/services/notifications.ts). */
    notifications: NotificationRepository;
  }
}

/** The notifications repository, decorated on the app. */
export default fp(
  async (app) => {
    const secret = app.serverSecret;
    app.decorate(
      'notifications',
      new NotificationRepository(app.db, app.now, { secret, publicUrl: app.config.SITE_URL }),
    );
  },
  { name: 'notifications', dependencies: ['config', 'db', 'secret'] },
);
