import {
  errorResponses,
  idSchema,
  messageAnswer,
  sessionResponseSchema,
  updateNameRequest,
  updateRoleRequest,
} from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertSelf, currentUser } from '../../plugins/auth';
import { authModeOf } from '../../services/users';
import { sessionAnswer } from './kit';
import { AUTH_MESSAGES } from './messages';

const idParams = z.object({ id: idSchema });

/** The session's user: who it is, signing out, the active mode and the name. */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: "The session's user",
        response: { 200: sessionResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => sessionAnswer(app, currentUser(request), AUTH_MESSAGES.signedIn),
  );

  app.post(
    '/auth/logout',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['auth'],
        summary: 'End the session (any body is ignored)',
        response: { 200: messageAnswer, ...errorResponses() },
      },
    },
    async (request, reply) => {
      await app.signOut(request, reply);
      return { success: true, message: AUTH_MESSAGES.loggedOut };
    },
  );

  app.put(
    '/auth/updateRole/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'Switch between candidate and referrer mode',
        params: idParams,
        body: updateRoleRequest,
        response: { 200: sessionResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const me = assertSelf(request, request.params.id, AUTH_MESSAGES.ownRoleOnly);
      const user = await app.users.update(me.id, { authMode: authModeOf(request.body.role) });
      return sessionAnswer(app, user, AUTH_MESSAGES.roleUpdated);
    },
  );

  /** The caller's own name (asked for at first sign-in); only the signed-in user's own account changes. */
  app.put(
    '/auth/name',
    {
      schema: {
        tags: ['auth'],
        summary: "Save the signed-in user's name",
        body: updateNameRequest,
        response: { 200: sessionResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const user = await app.users.update(me.id, { fullName: request.body.fullName });
      return sessionAnswer(app, user, AUTH_MESSAGES.nameSaved);
    },
  );
};

export default sessionRoutes;
