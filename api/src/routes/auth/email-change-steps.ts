// The steps of changing a sign-in e-mail around its routes: asking for it (PUT /auth/updateById mails a
// code to the new address, after proving it's the owner when the session is old) and, once it is made,
// the notice to the old address with its "this wasn't me" link (POST /auth/revertEmailChange).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors';
import type { UserRow } from '../../services/users';
import { issueCode, mailOrWithdraw, minutesOf } from './kit';
import { AUTH_MAILS } from './mails';
import { AUTH_MESSAGES } from './messages';

/** How long the old address's "this wasn't me" link works. */
export const REVERT_DAYS = 7;

/** A new sign-in e-mail asked for, with the current address's code when the caller has one. */
export interface EmailChangeRequest {
  pendingEmail: string;
  currentEmailOtp?: string;
}

/**
 * Mails a code to the new address (it becomes the sign-in e-mail once the code is entered, POST
 * /auth/confirmEmailChange), after `confirmItsYou`.
 */
export async function startEmailChange(
  app: FastifyInstance,
  request: FastifyRequest,
  me: UserRow,
  change: EmailChangeRequest,
): Promise<void> {
  await confirmItsYou(app, request, me, change);
  const to = change.pendingEmail;
  const issued = await issueCode(app, request, {
    email: to,
    purpose: 'email_change',
    userId: me.id,
  });
  const minutes = minutesOf(app.config.OTP_TTL_SECONDS);
  await mailOrWithdraw(app, issued, AUTH_MAILS.emailChangeCode({ to, code: issued.code, minutes }));
}

/**
 * A new sign-in e-mail asked for by a session older than EMAIL_CHANGE_REAUTH_MINUTES needs the code of
 * the current address: without `currentEmailOtp` one is mailed there and the answer is 403 (nothing is
 * saved); with it, the code is checked like any other (wrong codes count against the address).
 */
async function confirmItsYou(
  app: FastifyInstance,
  request: FastifyRequest,
  me: UserRow,
  { pendingEmail, currentEmailOtp }: EmailChangeRequest,
): Promise<void> {
  const signedInAt = request.session?.createdAt;
  const reauthMs = app.config.EMAIL_CHANGE_REAUTH_MINUTES * 60_000;
  if (signedInAt !== undefined && app.now().getTime() - signedInAt.getTime() < reauthMs) return;
  const knownDevice = app.isKnownDevice(request, me.email);
  const purpose = 'email_change';
  if (currentEmailOtp) {
    await app.otp.verify({
      email: me.email,
      purpose,
      code: currentEmailOtp,
      userId: me.id,
      knownDevice,
    });
    return;
  }
  const issued = await issueCode(app, request, {
    email: me.email,
    purpose,
    userId: me.id,
    knownDevice,
  });
  const mail = AUTH_MAILS.confirmItsYou({
    to: me.email,
    code: issued.code,
    minutes: minutesOf(app.config.OTP_TTL_SECONDS),
    pendingEmail,
  });
  await mailOrWithdraw(app, issued, mail);
  throw new HttpError(403, AUTH_MESSAGES.reauthSent(me.email));
}

/**
 * Tells the old address its account moved to `newEmail`, with a "this wasn't me" link valid for
 * REVERT_DAYS days. The change stands if the notice cannot be sent (logged): the code to the new
 * address and, for an older session, the code to the old one proved it.
 */
export async function noticeToOldAddress(
  app: FastifyInstance,
  request: FastifyRequest,
  me: UserRow,
  newEmail: string,
): Promise<void> {
  const change = { userId: me.id, oldEmail: me.email, newEmail };
  const token = await app.emailReverts.record(change, REVERT_DAYS);
  const link = `${app.config.SITE_URL}/sign-in#revert=${token}`;
  try {
    await app.mail.send(
      AUTH_MAILS.emailChanged({ to: me.email, newEmail, link, days: REVERT_DAYS }),
    );
  } catch (err) {
    request.log.error({ err }, 'e-mail change notice to the old address not sent');
  }
}
