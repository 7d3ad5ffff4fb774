import { contactUsRequest, MESSAGES } from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessages } from '../../db/schema';

const contactus: FastifyPluginAsyncZod = async (app) => {
  // Public and unauthenticated: a per-IP budget keeps the table from being flooded.
  const contactLimit = app.rateLimit({
    groupId: 'contact-ip',
    max: app.config.CONTACT_IP_MAX,
    timeWindow: app.config.CONTACT_IP_WINDOW_SECONDS * 1000,
  });

  /** Stores a contact-form message (all five fields required). */
  app.post(
    '/contactus/createContactUs',
    { config: { auth: 'public' }, onRequest: contactLimit, schema: { body: contactUsRequest } },
    async (request, reply) => {
      await app.db.insert(contactMessages).values({ ...request.body, createdAt: app.now() });
      reply.code(201);
      return { success: true, message: MESSAGES.contactSent };
    },
  );
};

export default contactus;
