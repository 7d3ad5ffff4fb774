import { contactUsRequest, errorResponses, messageAnswer, MESSAGES } from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

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
    {
      config: { auth: 'public' },
      onRequest: contactLimit,
      schema: {
        tags: ['site'],
        summary: 'Send a contact-form message',
        body: contactUsRequest,
        response: { 201: messageAnswer, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await app.contactMessages.save(request.body, app.now());
      reply.code(201);
      return { success: true, message: MESSAGES.contactSent };
    },
  );
};

export default contactus;
