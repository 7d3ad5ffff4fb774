import { contactUsRequest, MESSAGES } from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicFormRoute } from '../public-form';

const contactus: FastifyPluginAsyncZod = async (app) => {
  // Stores a contact-form message (all five fields required). Public and unauthenticated: a per-IP
  // budget keeps the table from being flooded.
  publicFormRoute(app, {
    path: '/contactus/createContactUs',
    summary: 'Send a contact-form message',
    body: contactUsRequest,
    limit: {
      groupId: 'contact-ip',
      max: app.config.CONTACT_IP_MAX,
      windowSeconds: app.config.CONTACT_IP_WINDOW_SECONDS,
    },
    save: (message, now) => app.contactMessages.save(message, now),
    message: MESSAGES.contactSent,
  });
};

export default contactus;
