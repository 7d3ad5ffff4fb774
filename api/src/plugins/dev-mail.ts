import fp from 'fastify-plugin';
import { DevMailbox } from '../services/dev-mail';

declare module 'fastify' {
  interface FastifyInstance {
    /** The dev mailbox (mail kept instead of sent without SMTP_URL). */
    devMail: DevMailbox;
  }
}

/** Decorates the app with `devMail` over the app's database. */
export default fp(
  async (app) => {
    app.decorate('devMail', new DevMailbox(app.db));
  },
  { name: 'dev-mail', dependencies: ['db'] },
);
