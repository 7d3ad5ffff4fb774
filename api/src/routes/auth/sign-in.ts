import {
  authConfigAnswer,
  errorResponses,
  messageAnswer,
  sendOtpRequest,
  sessionResponseSchema,
  verifyOtpRequest,
} from '../../contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { authModeOf } from '../../services/users';
import { finishSignIn, issueCode, mailOrWithdraw, minutesOf, otpRequestLimit } from './kit';
import { AUTH_MAILS } from './mails';
import { AUTH_MESSAGES } from './messages';

/**
 * Sign-in and sign-up alike: a code and a sign-in link, whether or not the address has an account
 * (the account is created when either is used), so the answer tells nobody which addresses exist.
 */
async function sendLoginCode(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  { email, roleId, next }: z.output<typeof sendOtpRequest>,
) {
  const { config } = app;
  const knownDevice = app.isKnownDevice(request, email);
  const issued = await issueCode(app, request, { email, purpose: 'login', knownDevice });
  const linkToken = await app.otp.issueLink(
    email,
    authModeOf(roleId),
    app.browserId(request, reply),
  );
  // The token travels in the fragment: browsers send neither it nor the Referer with it to any server.
  // `next` (a page of this site, checked by the schema) is where the link leads once used.
  const back = next ? `?next=${encodeURIComponent(next)}` : '';
  const mail = AUTH_MAILS.signIn({
    to: email,
    code: issued.code,
    minutes: minutesOf(config.OTP_TTL_SECONDS),
    link: `${config.SITE_URL}/sign-in${back}#link=${linkToken}`,
    linkMinutes: minutesOf(config.LOGIN_LINK_TTL_SECONDS),
  });
  await mailOrWithdraw(app, { ...issued, linkToken }, mail);
}

/**
 * Signing in with a mailed code: the sign-in options, the two doors that mail a code and a sign-in
 * link (sign-up and sign-in), and the code's check, which opens the session.
 */
const signInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const otpLimit = otpRequestLimit(app);

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

  // Sign-up sends a code; the account is created when it is verified. Sign-in is the same door:
  // unknown addresses get a code too (no account enumeration; docs/decisions.md).
  const doors = [
    { url: '/auth/createUser', summary: 'Sign up: mail a sign-in code and link' },
    {
      url: '/auth/login',
      summary: 'Sign in: mail a sign-in code and link (the same answer for unknown addresses)',
    },
  ];
  for (const { url, summary } of doors) {
    app.post(
      url,
      {
        config: { auth: 'public' },
        onRequest: otpLimit,
        schema: {
          tags: ['auth'],
          summary,
          body: sendOtpRequest,
          response: { 200: messageAnswer, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) => {
        await sendLoginCode(app, request, reply, request.body);
        return { success: true, message: AUTH_MESSAGES.otpSent };
      },
    );
  }

  app.post(
    '/auth/verifyOtp',
    {
      config: { auth: 'public' },
      onRequest: otpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Check a sign-in code; opens the session (cookie)',
        body: verifyOtpRequest,
        response: { 200: sessionResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { email, otp, roleId } = request.body;
      const knownDevice = app.isKnownDevice(request, email);
      await app.otp.verify({ email, purpose: 'login', code: otp, knownDevice });
      // The user type chosen on the sign-in screen becomes the active mode.
      const user = await app.users.findOrCreateInMode(email, authModeOf(roleId), app.now());
      return finishSignIn(app, reply, user, AUTH_MESSAGES.otpVerified);
    },
  );
};

export default signInRoutes;
