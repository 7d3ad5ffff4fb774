import {
  confirmEmailChangeRequest,
  errorResponses,
  messageAnswer,
  profileSavedAnswer,
  revertEmailChangeRequest,
} from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { toProfile } from '../../services/users';
import { noticeToOldAddress } from './email-change-steps';
import { otpRequestLimit } from './kit';
import { AUTH_MESSAGES } from './messages';

/**
 * A new sign-in e-mail (asked for by PUT /auth/updateById): made with the code sent to it, undone from
 * the old address's "this wasn't me" link.
 */
const emailChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const otpLimit = otpRequestLimit(app);

  /** The code sent to the new address: it becomes the sign-in e-mail and the user's other sessions end. */
  app.post(
    '/auth/confirmEmailChange',
    {
      onRequest: otpLimit,
      schema: {
        tags: ['profile'],
        summary: 'Confirm a new sign-in e-mail with the code sent to it',
        body: confirmEmailChangeRequest,
        response: { 200: profileSavedAnswer, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { email, otp } = request.body;
      await app.otp.verify({ email, purpose: 'email_change', code: otp, userId: me.id });
      const other = await app.users.findByEmail(email);
      if (other && other.id !== me.id) throw new HttpError(409, AUTH_MESSAGES.emailTaken);
      const updated = await app.users.update(me.id, { email });
      await app.sessions.destroyOthers(me.id, request.session?.id ?? null);
      app.rememberDevice(reply, email);
      if (email !== me.email) await noticeToOldAddress(app, request, me, email);
      return {
        success: true,
        message: AUTH_MESSAGES.emailChanged,
        data: toProfile(updated, await app.resumes.findDefault(me.id)),
      };
    },
  );

  /**
   * The "this wasn't me" link mailed to the old address of a changed sign-in e-mail: the old address is
   * the sign-in e-mail again, every session of the account ends and its pending codes are void.
   */
  app.post(
    '/auth/revertEmailChange',
    {
      config: { auth: 'public' },
      onRequest: otpLimit,
      schema: {
        tags: ['profile'],
        summary: 'Undo a sign-in e-mail change from the old address\'s "this wasn\'t me" link',
        body: revertEmailChangeRequest,
        response: { 200: messageAnswer, ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => {
      const { token } = request.body;
      const change = await app.emailReverts.findLive(token);
      if (!change) throw new HttpError(400, AUTH_MESSAGES.revertInvalid);
      const holder = await app.users.findByEmail(change.oldEmail);
      if (holder && holder.id !== change.userId) {
        throw new HttpError(409, AUTH_MESSAGES.revertTaken(change.oldEmail));
      }
      // Used at most once, even by two clicks at the same time.
      if (!(await app.emailReverts.markUsed(token))) {
        throw new HttpError(400, AUTH_MESSAGES.revertInvalid);
      }
      await app.users.update(change.userId, { email: change.oldEmail });
      await app.sessions.destroyOthers(change.userId, null);
      await app.otp.voidCodesOf(change.userId);
      return { success: true, message: AUTH_MESSAGES.reverted(change.oldEmail) };
    },
  );
};

export default emailChangeRoutes;
