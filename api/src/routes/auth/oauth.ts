import { errorResponses, oAuthRequest, sessionResponseSchema } from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authModeOf, type UserRow } from '../../services/users';
import { createGoogleVerifier } from './google';
import { finishSignIn, otpRequestLimit } from './kit';
import { AUTH_MESSAGES } from './messages';

/** Signing in with Google: its ID token names a verified address, whose account opens (or is made). */
const googleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const verifyGoogle = createGoogleVerifier(config.GOOGLE_CLIENT_ID, config.GOOGLE_JWKS_URL);

  app.post(
    '/auth/oAuth',
    {
      config: { auth: 'public' },
      onRequest: otpRequestLimit(app),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Google ID token; opens the session (cookie)',
        body: oAuthRequest,
        response: { 200: sessionResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const identity = await verifyGoogle(request.body.credential);
      const roleId = request.body.roleId;
      const mode = roleId === undefined ? 'candidate' : authModeOf(roleId);
      const found = await app.users.findOrCreate(identity.email, mode, app.now(), identity.name);
      // An existing account keeps its mode unless the page chose one, and its name unless it has none.
      const changes: Partial<UserRow> = {};
      if (!found.created && roleId !== undefined && found.user.authMode !== mode) {
        changes.authMode = mode;
      }
      if (!found.user.fullName && identity.name) changes.fullName = identity.name;
      const user =
        Object.keys(changes).length > 0
          ? await app.users.update(found.user.id, changes)
          : found.user;
      return finishSignIn(app, reply, user, AUTH_MESSAGES.googleSignedIn);
    },
  );
};

export default googleRoutes;
