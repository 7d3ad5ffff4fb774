import {
  errorResponses,
  messageAnswer,
  todayIsoDate,
  workEmailVerifiedAnswer,
  workEmailVerifyOtpRequest,
  workEmailVerifyRequest,
} from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors';
import { companyNameFromEmail, registrableDomain, workEmailProblem } from '../../lib/work-email';
import { assertSelf } from '../../plugins/auth';
import { toCurrentUser } from '../../services/users';
import { issueCode, mailOrWithdraw, minutesOf, otpRequestLimit } from './kit';
import { AUTH_MAILS } from './mails';
import { AUTH_MESSAGES } from './messages';

/** A referrer's work e-mail, verified with a code mailed to it (the verified-referrer badge). */
const workEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  const otpLimit = otpRequestLimit(app);

  app.post(
    '/auth/workEmailVerify',
    {
      onRequest: otpLimit,
      schema: {
        tags: ['profile'],
        summary: 'Mail a code to a work e-mail',
        body: workEmailVerifyRequest,
        response: { 200: messageAnswer, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const me = assertSelf(request, request.body.id, AUTH_MESSAGES.ownWorkEmailOnly);
      const to = request.body.workEmail;
      const problem = workEmailProblem(to);
      if (problem) throw new HttpError(400, problem);
      const issued = await issueCode(app, request, {
        email: to,
        purpose: 'work_email',
        userId: me.id,
      });
      const minutes = minutesOf(app.config.OTP_TTL_SECONDS);
      await mailOrWithdraw(
        app,
        issued,
        AUTH_MAILS.workEmailCode({ to, code: issued.code, minutes }),
      );
      return { success: true, message: AUTH_MESSAGES.workOtpSent };
    },
  );

  app.post(
    '/auth/workEmailVerifyOtp',
    {
      onRequest: otpLimit,
      schema: {
        tags: ['profile'],
        summary: 'Verify a work e-mail with its code (the referrer badge)',
        body: workEmailVerifyOtpRequest,
        response: { 200: workEmailVerifiedAnswer, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const me = assertSelf(request, request.body.id, AUTH_MESSAGES.ownWorkEmailOnly);
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
      const current = toCurrentUser(user, app.isOperator(user));
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

export default workEmailRoutes;
