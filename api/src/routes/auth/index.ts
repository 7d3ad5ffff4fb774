import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import emailChangeRoutes from './email-change';
import linkRoutes from './links';
import googleRoutes from './oauth';
import profileRoutes from './profile';
import sessionRoutes from './session';
import signInRoutes from './sign-in';
import workEmailRoutes from './work-email';

export { AUTH_MESSAGES } from './messages';

const DISPLAY_NAME = Symbol.for('fastify.display-name');

/** In the order the API reference lists them. */
const parts = [
  signInRoutes,
  linkRoutes,
  googleRoutes,
  sessionRoutes,
  profileRoutes,
  emailChangeRoutes,
  workEmailRoutes,
];

/**
 * Sign-in, the session, the profile and the sign-in e-mail: one file a concern. Each part is registered
 * under its own name, as src/app.ts registers areas (else Fastify searches the module cache for one).
 */
const auth: FastifyPluginAsyncZod = async (app) => {
  for (const part of parts) {
    (part as { [DISPLAY_NAME]?: string })[DISPLAY_NAME] ??= part.name;
    await app.register(part);
  }
};

export default auth;
