import {
  authConfigAnswer,
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
import { z } from 'zod';
import type { OtpPurpose } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { companyNameFromEmail, registrableDomain, workEmailProblem } from '../../lib/work-email';
import { assertSelf, currentUser } from '../../plugins/auth';
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
} as const;

const profileParams = z.object({ userId: idSchema, roleId: roleIdSchema });
const userIdParams = z.object({ userId: idSchema });
const idParams = z.object({ id: idSchema });

const sessionAnswer = (user: UserRow, message: string): SessionResponse => ({
  success: true,
  message,
  data: toCurrentUser(user),
});

/** Keys of `updatedData` present in the raw body of PUT /auth/updateById, per request. */
const sentProfileFields = new WeakMap<object, Set<string>>();

const auth: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const minutes = Math.max(1, Math.ceil(config.OTP_TTL_SECONDS / 60));
  const verifyGoogle = createGoogleVerifier(config.GOOGLE_CLIENT_ID, config.GOOGLE_JWKS_URL);

  // One shared per-IP budget for every route that sends or checks a code.
  const otpIpLimit = app.rateLimit({
    groupId: 'otp-ip',
    max: config.OTP_IP_MAX,
    timeWindow: config.OTP_IP_WINDOW_SECONDS * 1000,
  });

  const linkMinutes = Math.max(1, Math.ceil(config.LOGIN_LINK_TTL_SECONDS / 60));

  /**
   * Sign-in and sign-up alike: a code and a sign-in link, whether or not the address has an account
   * (the account is created when either is used), so the answer tells nobody which addresses exist.
   */
  async function sendLoginCode(request: FastifyRequest, email: string, roleId: RoleId) {
    const code = await app.otp.issue({
      email,
      purpose: 'login',
      ip: request.ip,
      knownDevice: app.isKnownDevice(request, email),
    });
    const token = await app.otp.issueLink(email, authModeOf(roleId));
    // The token travels in the fragment: browsers send neither it nor the Referer with it to any server.
    const link = `${config.SITE_URL}/sign-in#link=${token}`;
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
    async (request) => {
      await sendLoginCode(request, request.body.email, request.body.roleId);
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
    async (request) => {
      await sendLoginCode(request, request.body.email, request.body.roleId);
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
      await app.otp.verify({ email, purpose: 'login', code: otp });
      const mode = authModeOf(roleId);
      let { user } = await app.users.findOrCreate(email, mode, app.now());
      // The user type chosen on the sign-in screen becomes the active mode.
      if (user.authMode !== mode) user = await app.users.update(user.id, { authMode: mode });
      return finishSignIn(reply, user, AUTH_MESSAGES.otpVerified);
    },
  );

  /** A mailed sign-in link: single use, not affected by the wrong-code limits. */
  app.post(
    '/auth/verifyLink',
    {
      config: { auth: 'public' },
      onRequest: otpIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the token of a mailed sign-in link; opens the session (cookie)',
        body: verifyLinkRequest,
        response: { 200: sessionResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { email, authMode } = await app.otp.consumeLink(request.body.token);
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
      if (pendingEmail) {
        const code = await app.otp.issue({
          email: pendingEmail,
          purpose: 'email_change',
          userId: me.id,
          ip: request.ip,
        });
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
      return { success: true, message: AUTH_MESSAGES.emailChanged, data: toProfile(updated) };
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
      const current = toCurrentUser(user);
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
