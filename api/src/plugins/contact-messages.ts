import fp from 'fastify-plugin';
import { ContactMessageRepository } from '../services/contact-messages';

declare module 'fastify' {
  interface FastifyInstance {
    /** Messages of the contact form. */
    contactMessages: ContactMessageRepository;
  }
}

/** Decorates the app with `contactMessages` over the app's database. */
export default fp(
  async (app) => {
    app.decorate('contactMessages', new ContactMessageRepository(app.db));
  },
  { name: 'contact-messages', dependencies: ['db'] },
);
