import {
  checkLinkRequest,
  errorResponses,
  linkCheckAnswer,
  sessionResponseSchema,
  verifyLinkRequest,
} from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors';
import { OTP_MESSAGES } from '../../services/otp';
import { finishSignIn, otpRequestLimit } from './kit';
import { AUTH_MESSAGES } from './messages';

/**
 * Signing in with a mailed sign-in link: single use, not affected by the wrong-code limits. It signs in
 * without a question only in the browser that asked for it; elsewhere, or over another account's
 * session, the person must say yes to "Sign in as {address}?" first (docs/security.md).
 */
const linkRoutes: FastifyPluginAsyncZod = async (app) => {
  const otpLimit = otpRequestLimit(app);

  /**
   * What a mailed sign-in link would do in this browser, without using it: the page signs in at once
   * when this browser asked for the link (and is not signed in to another account), else it asks
   * "Sign in as {address}?".
   */
  app.post(
    '/auth/checkLink',
    {
      config: { auth: 'optional' },
      onRequest: otpLimit,
      schema: {
        tags: ['auth'],
        summary: 'What a sign-in link would do in this browser (the link stays unused)',
        body: checkLinkRequest,
        response: { 200: linkCheckAnswer, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const link = await app.otp.peekLink(request.body.token, app.browserIdOf(request));
      return {
        success: true,
        data: { ...link, signedInEmail: request.user?.email ?? null },
      };
    },
  );

  /** Uses the link; without `confirm`, 409 with the question unless this browser asked for it. */
  app.post(
    '/auth/verifyLink',
    {
      config: { auth: 'optional' },
      onRequest: otpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the token of a mailed sign-in link; opens the session (cookie)',
        body: verifyLinkRequest,
        response: { 200: sessionResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { token, confirm } = request.body;
      const link = await app.otp.peekLink(token, app.browserIdOf(request));
      const overAnother = request.user !== null && request.user.email !== link.email;
      if ((!link.sameBrowser || overAnother) && confirm !== true) {
        throw new HttpError(409, OTP_MESSAGES.linkConfirm(link.email));
      }
      const { email, authMode } = await app.otp.consumeLink(token);
      // The new session's cookie replaces the one this browser had, as with a code.
      const user = await app.users.findOrCreateInMode(email, authMode, app.now());
      return finishSignIn(app, reply, user, AUTH_MESSAGES.linkSignedIn);
    },
  );
};

export default linkRoutes;
