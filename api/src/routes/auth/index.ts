import {
  authConfigAnswer,
  checkLinkRequest,
  linkCheckAnswer,
  revertEmailChangeRequest,
  confirmEmailChangeRequest,
  errorResponses,
  messageAnswer,
  oAuthRequest,
  profileAnswer,
  profileSavedAnswer,
  referrerProfileAnswer,
  roleIdSchema,
  idSchema,
  sendOtpRequest,
  sessionResponseSchema,
  todayIsoDate,
  updateProfileRequest,
  updateNameRequest,
  updateRoleRequest,
  verifyLinkRequest,
  verifyOtpRequest,
  workEmailVerifiedAnswer,
  workEmailVerifyOtpRequest,
  workEmailVerifyRequest,
  type RoleId,
  type SessionResponse,
} from '../../contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { OtpPurpose } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { applyCounter, rateLimitCounter, type CounterState } from '../../lib/rate-limit-store';
import { randomUrlToken, sha256Hex } from '../../lib/crypto';
import { emailReverts, otpCodes } from '../../db/schema';
import { OTP_MESSAGES } from '../../services/otp';
import { companyNameFromEmail, registrableDomain, workEmailProblem } from '../../lib/work-email';
import { BROWSER_COOKIE, assertSelf, currentUser } from '../../plugins/auth';
import type { MailMessage } from '../../plugins/mail';
import {
  authModeOf,
  toCurrentUser,
  toHistoryEntry,
  toProfile,
  type ProfileChanges,
  type UserRow,
} from '../../services/users';
import { createGoogleVerifier } from './google';

export const AUTH_MESSAGES = {
  otpSent: 'OTP sent to your email!',
  otpVerified: 'OTP Verified Sucessfully!',
  linkSignedIn: 'Signed in successfully!',
  emailChangeSent: (to: string, from: string) =>
    `We sent a code to ${to}. Enter it to make it your sign-in email; until then it stays ${from}.`,
  emailChanged: 'Email updated successfully!',
  workOtpSent: 'OTP sent to your work email',
  workEmailVerified: 'Work email verified successfully',
  invalidWorkEmail: 'Please enter a valid work email',
  emailTaken: 'This email is already used by another account.',
  reauthSent: (to: string) =>
    `To change your sign-in email, enter the code we sent to ${to}. It confirms it's you.`,
  revertInvalid: 'This link has expired or was already used.',
  revertTaken: (to: string) =>
    `${to} now belongs to another Referio account, so it cannot be put back. Please contact us.`,
  reverted: (to: string) =>
    `Your sign-in email is ${to} again, and every session of your account has ended. Please sign in.`,
} as const;

const REVERT_DAYS = 7;

const profileParams = z.object({ userId: idSchema, roleId: roleIdSchema });
const userIdParams = z.object({ userId: idSchema });
const idParams = z.object({ id: idSchema });

/** Keys of `updatedData` present in the raw body of PUT /auth/updateById, per request. */
const sentProfileFields = new WeakMap<object, Set<string>>();

const auth: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const currentUserOf = (user: UserRow) => toCurrentUser(user, app.isOperator(user));
  const sessionAnswer = (user: UserRow, message: string): SessionResponse => ({
    success: true,
    message,
    data: currentUserOf(user),
  });
  const minutes = Math.max(1, Math.ceil(config.OTP_TTL_SECONDS / 60));
  const verifyGoogle = createGoogleVerifier(config.GOOGLE_CLIENT_ID, config.GOOGLE_JWKS_URL);

  // Every route that sends or checks a code spends two budgets: its browser's (the `referio_browser`
  // cookie, given here to a browser that has none yet) and, as a high backstop only, its IP's. People
  // behind one office or carrier address share the IP but not the browser, so one of them asking too
  // often does not lock out the others. What bounds guessing is per address (services/otp.ts).
  const windowMs = config.OTP_IP_WINDOW_SECONDS * 1000;
  const count = async (group: string, key: string, at: Date): Promise<CounterState> => {
    const resetAt = new Date(at.getTime() + windowMs).toISOString();
    const result = (await app.db.execute(
      sql`select ${rateLimitCounter(group, sql`${key}`, sql`${at.toISOString()}`, sql`${resetAt}`)} as state`,
    )) as unknown as { rows: { state: CounterState }[] };
    const state = result.rows[0]?.state;
    if (!state) throw new Error('rate limit counter not returned');
    return state;
  };
  const otpIpLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    const browser = app.browserIdOf(request) ?? app.browserId(request, reply);
    request.cookies[BROWSER_COOKIE] = browser;
    const at = app.now();
    // The tighter answer wins: the browser's own budget first, then the IP's backstop.
    applyCounter(
      reply,
      config.OTP_BROWSER_MAX,
      await count('otp-browser', app.otp.browserHashOf(browser), at),
      at,
    );
    applyCounter(reply, config.OTP_IP_MAX, await count('otp-ip', request.ip, at), at);
  };

  const linkMinutes = Math.max(1, Math.ceil(config.LOGIN_LINK_TTL_SECONDS / 60));

  /**
   * Sign-in and sign-up alike: a code and a sign-in link, whether or not the address has an account
   * (the account is created when either is used), so the answer tells nobody which addresses exist.
   */
  async function sendLoginCode(
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
    roleId: RoleId,
    next: string | undefined,
  ) {
    const knownDevice = app.isKnownDevice(request, email);
    const code = await app.otp.issue({ email, purpose: 'login', ip: request.ip, knownDevice });
    await spendOrWithdraw(request, { email, purpose: 'login', code }, { knownDevice });
    const token = await app.otp.issueLink(email, authModeOf(roleId), app.browserId(request, reply));
    // The token travels in the fragment: browsers send neither it nor the Referer with it to any server.
    // `next` (a page of this site, checked by the schema) is where the link leads once used.
    const back = next ? `?next=${encodeURIComponent(next)}` : '';
    const link = `${config.SITE_URL}/sign-in${back}#link=${token}`;
    await mailOrWithdraw(
      { email, purpose: 'login', code, linkToken: token },
      {
        to: email,
        subject: `Your Referio sign-in code: ${code}`,
        text: `Your Referio sign-in code is ${code}. It expires in ${minutes} minutes.\n\nOr sign in with this link (works once, for ${linkMinutes} minutes, in the browser that opens it):\n${link}\n\nIf you did not ask to sign in, you can ignore this email.`,
      },
    );
  }

  /**
   * Mails a code; when the mail cannot be sent the code (and link) are taken back, so a failed send
   * does not count against the resend limits, and the error (502, "We could not send the email…")
   * reaches the user instead of "OTP sent".
   */
  async function mailOrWithdraw(
    issued: { email: string; purpose: OtpPurpose; code: string; linkToken?: string },
    message: MailMessage,
  ) {
    try {
      await app.mail.send(message);
    } catch (err) {
      await app.otp.withdraw(issued);
      if (issued.linkToken) await app.otp.withdrawLink(issued.linkToken);
      throw err;
    }
  }

  /**
   * Charges the mail budgets (IP, account, recipient) for a code about to be mailed; over a budget the
   * code is taken back and the 429 goes to the caller.
   */
  async function spendOrWithdraw(
    request: FastifyRequest,
    issued: { email: string; purpose: OtpPurpose; code: string },
    opts: { userId?: string; knownDevice?: boolean } = {},
  ) {
    try {
      await app.mailBudget.spend({
        ip: request.ip,
        browser: app.browserIdOf(request),
        recipient: issued.email,
        ...opts,
      });
    } catch (err) {
      await app.otp.withdraw(issued);
      throw err;
    }
  }

  /**
   * A new sign-in e-mail asked for by a session older than EMAIL_CHANGE_REAUTH_MINUTES needs the code of
   * the current address: without `currentEmailOtp` one is mailed there and the answer is 403 (nothing is
   * saved); with it, the code is checked like any other (wrong codes count against the address).
   */
  async function confirmItsYou(request: FastifyRequest, me: UserRow, pendingEmail: string) {
    const signedInAt = request.session?.createdAt;
    const recent =
      signedInAt !== undefined &&
      app.now().getTime() - signedInAt.getTime() < config.EMAIL_CHANGE_REAUTH_MINUTES * 60_000;
    if (recent) return;
    const knownDevice = app.isKnownDevice(request, me.email);
    const given = (request.body as { currentEmailOtp?: string }).currentEmailOtp;
    if (given) {
      await app.otp.verify({
        email: me.email,
        purpose: 'email_change',
        code: given,
        userId: me.id,
        knownDevice,
      });
      return;
    }
    const issued = {
      email: me.email,
      purpose: 'email_change' as const,
      code: await app.otp.issue({
        email: me.email,
        purpose: 'email_change',
        userId: me.id,
        ip: request.ip,
        knownDevice,
      }),
    };
    await spendOrWithdraw(request, issued, { userId: me.id, knownDevice });
    await mailOrWithdraw(issued, {
      to: me.email,
      subject: `Your Referio code to confirm it's you: ${issued.code}`,
      text: `Someone signed in to your Referio account asked to change its sign-in email to ${pendingEmail}.\n\nIf it was you, enter this code: ${issued.code}. It expires in ${minutes} minutes.\n\nIf it was not you, do not share this code with anyone: nothing changes without it.`,
    });
    throw new HttpError(403, AUTH_MESSAGES.reauthSent(me.email));
  }

  /**
   * Tells the old address its account moved to `newEmail`, with a "this wasn't me" link valid for
   * REVERT_DAYS days (POST /auth/revertEmailChange). The change stands if the notice cannot be sent
   * (logged): the code to the new address and, for an older session, the code to the old one proved it.
   */
  async function noticeToOldAddress(request: FastifyRequest, me: UserRow, newEmail: string) {
    const token = randomUrlToken(24);
    const now = app.now();
    await app.db.insert(emailReverts).values({
      userId: me.id,
      oldEmail: me.email,
      newEmail,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(now.getTime() + REVERT_DAYS * 24 * 60 * 60 * 1000),
      createdAt: now,
    });
    const link = `${config.SITE_URL}/sign-in#revert=${token}`;
    try {
      await app.mail.send({
        to: me.email,
        subject: 'Your Referio sign-in email was changed',
        text: `The sign-in email of your Referio account was changed from ${me.email} to ${newEmail}.\n\nIf this wasn't you, open this link within ${REVERT_DAYS} days: it makes ${me.email} the sign-in email again and signs everyone out of the account.\n${link}\n\nIf it was you, there is nothing to do.`,
      });
    } catch (err) {
      request.log.error({ err }, 'e-mail change notice to the old address not sent');
    }
  }

  /** Opens the session, remembers the browser for the address, answers the user. */
  async function finishSignIn(reply: FastifyReply, user: UserRow, message: string) {
    await app.signIn(reply, user.id);
    app.rememberDevice(reply, user.email);
    return sessionAnswer(user, message);
  }

  app.get(
    '/auth/config',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign-in options (the Google client id, or null)',
        response: { 200: authConfigAnswer, ...errorResponses() },
      },
    },
    async () => ({
      success: true,
      data: { googleClientId: config.GOOGLE_CLIENT_ID ?? null },
    }),
  );

  /** Sign-up: sends a code; the account is created when the code is verified. */
  app.post(
    '/auth/createUser',
    {
      config: { auth: 'public' },
      onRequest: otpIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sign up: mail a sign-in code and link',
        body: sendOtpRequest,
        response: { 200: messageAnswer, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { email, roleId, next } = request.body;
      await sendLoginCode(request, reply, email, roleId, next);
      return { success: true, message: AUTH_MESSAGES.otpSent };
    },
  );

  /** The same as sign-up: unknown addresses get a code too (no account enumeration; docs/decisions.md). */
  app.post(
    '/auth/login',
    {
      config: { auth: 'public' },
      onRequest: otpIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sign in: mail a sign-in code and link (the same answer for unknown addresses)',
        body: sendOtpRequest,
        response: { 200: messageAnswer, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { email, roleId, next } = request.body;
      await sendLoginCode(request, reply, email, roleId, next);
      return { success: true, message: AUTH_MESSAGES.otpSent };
    },
  );

  app.post(
    '/auth/verifyOtp',
    {
      config: { auth: 'public' },
      onRequest: otpIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Check a sign-in code; opens the session (cookie)',
        body: verifyOtpRequest,
        response: { 200: sessionResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { email, otp, roleId } = request.body;
      await app.otp.verify({
        email,
        purpose: 'login',
        code: otp,
        knownDevice: app.isKnownDevice(request, email),
      });
      const mode = authModeOf(roleId);
      let { user } = await app.users.findOrCreate(email, mode, app.now());
      // The user type chosen on the sign-in screen becomes the active mode.
      if (user.authMode !== mode) user = await app.users.update(user.id, { authMode: mode });
      return finishSignIn(reply, user, AUTH_MESSAGES.otpVerified);
    },
  );

  /**
   * What a mailed sign-in link would do in this browser, without using it: the page signs in at once
   * when this browser asked for the link (and is not signed in to another account), else it asks
   * "Sign in as {address}?".
   */
  app.post(
    '/auth/checkLink',
    {
      config: { auth: 'optional' },
      onRequest: otpIpLimit,
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

  /**
   * A mailed sign-in link: single use, not affected by the wrong-code limits. It signs in without a
   * question only in the browser that asked for it; elsewhere, or over another account's session, the
   * person must have said yes to "Sign in as {address}?" (`confirm`), else 409 with that question.
   */
  app.post(
    '/auth/verifyLink',
    {
      config: { auth: 'optional' },
      onRequest: otpIpLimit,
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
      let { user } = await app.users.findOrCreate(email, authMode, app.now());
      if (user.authMode !== authMode) user = await app.users.update(user.id, { authMode });
      return finishSignIn(reply, user, AUTH_MESSAGES.linkSignedIn);
    },
  );

  app.post(
    '/auth/oAuth',
    {
      config: { auth: 'public' },
      onRequest: otpIpLimit,
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
      let user = found.user;
      const changes: Partial<UserRow> = {};
      if (!found.created && roleId !== undefined && user.authMode !== mode) changes.authMode = mode;
      if (!user.fullName && identity.name) changes.fullName = identity.name;
      if (Object.keys(changes).length > 0) user = await app.users.update(user.id, changes);
      return finishSignIn(reply, user, 'Signed in with Google successfully!');
    },
  );

  app.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: "The session's user",
        response: { 200: sessionResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => sessionAnswer(currentUser(request), 'Signed in'),
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
      return { success: true, message: 'Logged out successfully' };
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
      const me = assertSelf(request, request.params.id, 'You can only change your own role.');
      const user = await app.users.update(me.id, { authMode: authModeOf(request.body.role) });
      return sessionAnswer(user, 'Role updated successfully');
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
      return sessionAnswer(user, 'Name saved');
    },
  );

  app.get(
    '/auth/GetByIdUser/:userId/:roleId',
    {
      schema: {
        tags: ['profile'],
        summary: "The caller's profile",
        params: profileParams,
        response: { 200: profileAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const me = assertSelf(request, request.params.userId, 'You can only view your own profile.');
      return { success: true, data: toProfile(me) };
    },
  );

  app.get(
    '/auth/GetByIdReferer/:userId/:roleId',
    {
      schema: {
        tags: ['profile'],
        summary: "The caller's profile with their verified work e-mails",
        params: profileParams,
        response: { 200: referrerProfileAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const me = assertSelf(request, request.params.userId, 'You can only view your own profile.');
      const history = await app.users.workEmailHistory(me.id);
      return {
        success: true,
        data: { ...toProfile(me), workEmailHistory: history.map(toHistoryEntry) },
      };
    },
  );

  app.put(
    '/auth/updateById/:userId',
    {
      schema: {
        tags: ['profile'],
        summary: "Save the caller's profile (a new e-mail waits for the code sent to it)",
        params: userIdParams,
        body: updateProfileRequest,
        response: { 200: profileSavedAnswer, ...errorResponses(400, 401, 403, 429) },
      },
      // The schema fills absent fields with defaults; only fields the caller actually sent are changed.
      preValidation: async (request) => {
        const raw = (request.body as { updatedData?: unknown } | undefined)?.updatedData;
        sentProfileFields.set(
          request,
          raw && typeof raw === 'object' ? new Set(Object.keys(raw)) : new Set(),
        );
      },
    },
    async (request) => {
      const me = assertSelf(
        request,
        request.params.userId,
        'You can only update your own profile.',
      );
      if (request.body.userId !== undefined && request.body.userId !== me.id) {
        throw new HttpError(403, 'You can only update your own profile.');
      }
      const data = request.body.updatedData;
      const sent = sentProfileFields.get(request) ?? new Set<string>();
      const changes: ProfileChanges = {};
      for (const key of Object.keys(data) as (keyof ProfileChanges)[]) {
        if (sent.has(key) || key === 'email') (changes as Record<string, unknown>)[key] = data[key];
      }
      // A new sign-in e-mail takes effect only once a code sent to it is entered
      // (POST /auth/confirmEmailChange); until then the account keeps the old one.
      const { dateOfBirth, email: newEmail, ...rest } = changes;
      const pendingEmail = newEmail && newEmail !== me.email ? newEmail : null;
      if (pendingEmail) await confirmItsYou(request, me, pendingEmail);
      if (pendingEmail) {
        const code = await app.otp.issue({
          email: pendingEmail,
          purpose: 'email_change',
          userId: me.id,
          ip: request.ip,
        });
        await spendOrWithdraw(
          request,
          { email: pendingEmail, purpose: 'email_change', code },
          { userId: me.id },
        );
        await mailOrWithdraw(
          { email: pendingEmail, purpose: 'email_change', code },
          {
            to: pendingEmail,
            subject: `Your Referio email change code: ${code}`,
            text: `Your Referio code to make this your sign-in email is ${code}. It expires in ${minutes} minutes.\n\nIf you did not ask for it, you can ignore this email: nothing changes.`,
          },
        );
      }
      const fields = {
        ...rest,
        ...(dateOfBirth !== undefined
          ? { dateOfBirth: dateOfBirth === '' ? null : dateOfBirth }
          : {}),
      };
      const updated = Object.keys(fields).length > 0 ? await app.users.update(me.id, fields) : me;
      return {
        success: true,
        message: pendingEmail
          ? AUTH_MESSAGES.emailChangeSent(pendingEmail, me.email)
          : 'Profile updated successfully!',
        data: { ...toProfile(updated), pendingEmail },
      };
    },
  );

  /** The code sent to the new address: it becomes the sign-in e-mail and the user's other sessions end. */
  app.post(
    '/auth/confirmEmailChange',
    {
      onRequest: otpIpLimit,
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
      if (email !== me.email) await noticeToOldAddress(request, me, email);
      return { success: true, message: AUTH_MESSAGES.emailChanged, data: toProfile(updated) };
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
      onRequest: otpIpLimit,
      schema: {
        tags: ['profile'],
        summary: 'Undo a sign-in e-mail change from the old address\'s "this wasn\'t me" link',
        body: revertEmailChangeRequest,
        response: { 200: messageAnswer, ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => {
      const now = app.now();
      const tokenHash = sha256Hex(request.body.token);
      const live = and(
        eq(emailReverts.tokenHash, tokenHash),
        isNull(emailReverts.usedAt),
        gt(emailReverts.expiresAt, now),
      );
      const [row] = await app.db.select().from(emailReverts).where(live);
      if (!row) throw new HttpError(400, AUTH_MESSAGES.revertInvalid);
      const holder = await app.users.findByEmail(row.oldEmail);
      if (holder && holder.id !== row.userId) {
        throw new HttpError(409, AUTH_MESSAGES.revertTaken(row.oldEmail));
      }
      const [used] = await app.db
        .update(emailReverts)
        .set({ usedAt: now })
        .where(live)
        .returning({ id: emailReverts.id });
      if (!used) throw new HttpError(400, AUTH_MESSAGES.revertInvalid);
      await app.users.update(row.userId, { email: row.oldEmail });
      await app.sessions.destroyOthers(row.userId, null);
      await app.db
        .update(otpCodes)
        .set({ consumedAt: now })
        .where(and(eq(otpCodes.userId, row.userId), isNull(otpCodes.consumedAt)));
      return { success: true, message: AUTH_MESSAGES.reverted(row.oldEmail) };
    },
  );

  app.post(
    '/auth/workEmailVerify',
    {
      onRequest: otpIpLimit,
      schema: {
        tags: ['profile'],
        summary: 'Mail a code to a work e-mail',
        body: workEmailVerifyRequest,
        response: { 200: messageAnswer, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const me = assertSelf(request, request.body.id, 'You can only verify your own work email.');
      const { workEmail } = request.body;
      const problem = workEmailProblem(workEmail);
      if (problem) throw new HttpError(400, problem);
      const code = await app.otp.issue({
        email: workEmail,
        purpose: 'work_email',
        userId: me.id,
        ip: request.ip,
      });
      await spendOrWithdraw(
        request,
        { email: workEmail, purpose: 'work_email', code },
        { userId: me.id },
      );
      await mailOrWithdraw(
        { email: workEmail, purpose: 'work_email', code },
        {
          to: workEmail,
          subject: `Your Referio work email code: ${code}`,
          text: `Your Referio work email verification code is ${code}. It expires in ${minutes} minutes.\n\nIf you did not ask for it, you can ignore this email.`,
        },
      );
      return { success: true, message: AUTH_MESSAGES.workOtpSent };
    },
  );

  app.post(
    '/auth/workEmailVerifyOtp',
    {
      onRequest: otpIpLimit,
      schema: {
        tags: ['profile'],
        summary: 'Verify a work e-mail with its code (the referrer badge)',
        body: workEmailVerifyOtpRequest,
        response: { 200: workEmailVerifiedAnswer, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const me = assertSelf(request, request.body.id, 'You can only verify your own work email.');
      const { workEmail, otp } = request.body;
      const problem = workEmailProblem(workEmail);
      const domain = registrableDomain(workEmail);
      if (problem || !domain) throw new HttpError(400, problem ?? AUTH_MESSAGES.invalidWorkEmail);
      await app.otp.verify({ email: workEmail, purpose: 'work_email', code: otp, userId: me.id });
      const now = app.now();
      const user = await app.users.addVerifiedWorkEmail(
        me.id,
        { email: workEmail, domain, companyName: companyNameFromEmail(workEmail) },
        todayIsoDate(now),
        now,
      );
      // The companies this address verifies the user at (none yet: the first job they post claims it).
      const companies = await app.companies.companiesAtDomain(domain);
      const current = currentUserOf(user);
      return {
        success: true,
        message: AUTH_MESSAGES.workEmailVerified,
        user: current,
        data: current,
        companies,
      };
    },
  );
};

export default auth;
