import {
  oAuthRequest,
  roleIdSchema,
  idSchema,
  sendOtpRequest,
  todayIsoDate,
  updateProfileRequest,
  updateRoleRequest,
  verifyOtpRequest,
  workEmailVerifyOtpRequest,
  workEmailVerifyRequest,
  type SessionResponse,
} from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import {
  companyNameFromEmail,
  isFreeMailAddress,
  PERSONAL_EMAIL_MESSAGE,
} from '../../lib/work-email';
import { assertSelf, currentUser } from '../../plugins/auth';
import {
  authModeOf,
  toCurrentUser,
  toHistoryEntry,
  toProfile,
  type ProfileChanges,
} from '../../services/users';
import { createGoogleVerifier } from './google';

export const AUTH_MESSAGES = {
  otpSent: 'OTP sent to your email!',
  otpVerified: 'OTP Verified Sucessfully!',
  noAccount: 'No account found for this email. Please sign up first.',
  workOtpSent: 'OTP sent to your work email',
  workEmailVerified: 'Work email verified successfully',
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
    max: config.OTP_IP_MAX,
    timeWindow: config.OTP_IP_WINDOW_SECONDS * 1000,
  });

  async function sendLoginCode(email: string) {
    const code = await app.otp.issue({ email, purpose: 'login' });
    await app.mail.send({
      to: email,
      subject: `Your Referio sign-in code: ${code}`,
      text: `Your Referio sign-in code is ${code}. It expires in ${minutes} minutes.\n\nIf you did not ask to sign in, you can ignore this email.`,
    });
  }

  app.get('/auth/config', { config: { auth: 'public' } }, async () => ({
    success: true,
    data: { googleClientId: config.GOOGLE_CLIENT_ID ?? null },
  }));

  /** Sign-up: sends a code; the account is created when the code is verified. */
  app.post(
    '/auth/createUser',
    { config: { auth: 'public' }, onRequest: otpIpLimit, schema: { body: sendOtpRequest } },
    async (request) => {
      await sendLoginCode(request.body.email);
      return { success: true, message: AUTH_MESSAGES.otpSent };
    },
  );

  app.post(
    '/auth/login',
    { config: { auth: 'public' }, onRequest: otpIpLimit, schema: { body: sendOtpRequest } },
    async (request) => {
      const user = await app.users.findByEmail(request.body.email);
      if (!user) throw new HttpError(404, AUTH_MESSAGES.noAccount);
      await sendLoginCode(user.email);
      return { success: true, message: AUTH_MESSAGES.otpSent };
    },
  );

  app.post(
    '/auth/verifyOtp',
    { config: { auth: 'public' }, onRequest: otpIpLimit, schema: { body: verifyOtpRequest } },
    async (request, reply) => {
      const { email, otp, roleId } = request.body;
      await app.otp.verify({ email, purpose: 'login', code: otp });
      const mode = authModeOf(roleId);
      let { user } = await app.users.findOrCreate(email, mode, app.now());
      // The user type chosen on the sign-in screen becomes the active mode.
      if (user.authMode !== mode) user = await app.users.update(user.id, { authMode: mode });
      await app.signIn(reply, user.id);
      return sessionAnswer(user, AUTH_MESSAGES.otpVerified);
    },
  );

  app.post(
    '/auth/oAuth',
    { config: { auth: 'public' }, onRequest: otpIpLimit, schema: { body: oAuthRequest } },
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
      await app.signIn(reply, user.id);
      return sessionAnswer(user, 'Signed in with Google successfully!');
    },
  );

  app.get('/auth/me', async (request) => sessionAnswer(currentUser(request), 'Signed in'));

  app.post('/auth/logout', { config: { auth: 'optional' } }, async (request, reply) => {
    await app.signOut(request, reply);
    return { success: true, message: 'Logged out successfully' };
  });

  app.put(
    '/auth/updateRole/:id',
    { schema: { params: idParams, body: updateRoleRequest } },
    async (request) => {
      const me = assertSelf(request, request.params.id, 'You can only change your own role.');
      const user = await app.users.update(me.id, { authMode: authModeOf(request.body.role) });
      return sessionAnswer(user, 'Role updated successfully');
    },
  );

  app.get(
    '/auth/GetByIdUser/:userId/:roleId',
    { schema: { params: profileParams } },
    async (request) => {
      const me = assertSelf(request, request.params.userId, 'You can only view your own profile.');
      return { success: true, data: toProfile(me) };
    },
  );

  app.get(
    '/auth/GetByIdReferer/:userId/:roleId',
    { schema: { params: profileParams } },
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
      schema: { params: userIdParams, body: updateProfileRequest },
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
      if (changes.email && changes.email !== me.email) {
        const other = await app.users.findByEmail(changes.email);
        if (other && other.id !== me.id) throw new HttpError(409, AUTH_MESSAGES.emailTaken);
      }
      const { dateOfBirth, ...rest } = changes;
      const updated = await app.users.update(me.id, {
        ...rest,
        ...(dateOfBirth !== undefined
          ? { dateOfBirth: dateOfBirth === '' ? null : dateOfBirth }
          : {}),
      });
      return { success: true, message: 'Profile updated successfully!', data: toProfile(updated) };
    },
  );

  app.post(
    '/auth/workEmailVerify',
    { onRequest: otpIpLimit, schema: { body: workEmailVerifyRequest } },
    async (request) => {
      const me = assertSelf(request, request.body.id, 'You can only verify your own work email.');
      const { workEmail } = request.body;
      if (isFreeMailAddress(workEmail)) throw new HttpError(400, PERSONAL_EMAIL_MESSAGE);
      const code = await app.otp.issue({ email: workEmail, purpose: 'work_email', userId: me.id });
      await app.mail.send({
        to: workEmail,
        subject: `Your Referio work email code: ${code}`,
        text: `Your Referio work email verification code is ${code}. It expires in ${minutes} minutes.\n\nIf you did not ask for it, you can ignore this email.`,
      });
      return { success: true, message: AUTH_MESSAGES.workOtpSent };
    },
  );

  app.post(
    '/auth/workEmailVerifyOtp',
    { onRequest: otpIpLimit, schema: { body: workEmailVerifyOtpRequest } },
    async (request) => {
      const me = assertSelf(request, request.body.id, 'You can only verify your own work email.');
      const { workEmail, otp } = request.body;
      if (isFreeMailAddress(workEmail)) throw new HttpError(400, PERSONAL_EMAIL_MESSAGE);
      await app.otp.verify({ email: workEmail, purpose: 'work_email', code: otp, userId: me.id });
      const now = app.now();
      const user = await app.users.addVerifiedWorkEmail(
        me.id,
        workEmail,
        companyNameFromEmail(workEmail),
        todayIsoDate(now),
        now,
      );
      const current = toCurrentUser(user);
      return {
        success: true,
        message: AUTH_MESSAGES.workEmailVerified,
        user: current,
        data: current,
      };
    },
  );
};

export default auth;
