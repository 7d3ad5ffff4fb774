// What the auth route files share: the answer with the signed-in user, the per-browser and per-IP
// budget of the routes that send or check codes, and mailing a code so that a failed send takes it back.
import type { SessionResponse } from '../../contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OtpPurpose } from '../../db/schema';
import { applyCounter } from '../../lib/rate-limit-store';
import { BROWSER_COOKIE } from '../../plugins/auth';
import type { MailMessage } from '../../plugins/mail';
import { toCurrentUser, type UserRow } from '../../services/users';

/** A code issued for an address and charged to the mail budgets, not mailed yet. */
export interface IssuedCode {
  email: string;
  purpose: OtpPurpose;
  code: string;
}

/** Whole minutes a code or link of `seconds` lasts, as the mails say it (at least 1). */
export const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** The signed-in user as the browser keeps it, with the answer's message. */
export function sessionAnswer(
  app: FastifyInstance,
  user: UserRow,
  message: string,
): SessionResponse {
  return { success: true, message, data: toCurrentUser(user, app.isOperator(user)) };
}

/** Opens the session, remembers the browser for the address, answers the user. */
export async function finishSignIn(
  app: FastifyInstance,
  reply: FastifyReply,
  user: UserRow,
  message: string,
): Promise<SessionResponse> {
  await app.signIn(reply, user.id);
  app.rememberDevice(reply, user.email);
  return sessionAnswer(app, user, message);
}

/**
 * The onRequest hook of every route that sends or checks a code. It spends two budgets: its browser's
 * (the `referio_browser` cookie, given here to a browser that has none yet) and, as a high backstop
 * only, its IP's. People behind one office or carrier address share the IP but not the browser, so one
 * of them asking too often does not lock out the others. What bounds guessing is per address
 * (services/otp.ts).
 */
export function otpRequestLimit(app: FastifyInstance) {
  const { config } = app;
  const windowMs = config.OTP_IP_WINDOW_SECONDS * 1000;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const browser = app.browserIdOf(request) ?? app.browserId(request, reply);
    request.cookies[BROWSER_COOKIE] = browser;
    const at = app.now();
    const browserKey = app.otp.browserHashOf(browser);
    // The tighter answer wins: the browser's own budget first, then the IP's backstop.
    const byBrowser = await app.rateLimitCounters.bump('otp-browser', browserKey, at, windowMs);
    applyCounter(reply, config.OTP_BROWSER_MAX, byBrowser, at);
    const byIp = await app.rateLimitCounters.bump('otp-ip', request.ip, at, windowMs);
    applyCounter(reply, config.OTP_IP_MAX, byIp, at);
  };
}

/**
 * Issues a code and charges the mail budgets (IP, browser, account, recipient) for it; over a budget
 * the code is taken back and the 429 goes to the caller. `knownDevice`: the browser signed in to the
 * address before (see services/otp.ts and services/mail-budget.ts).
 */
export async function issueCode(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { email: string; purpose: OtpPurpose; userId?: string; knownDevice?: boolean },
): Promise<IssuedCode> {
  const { email, purpose, userId, knownDevice } = input;
  const code = await app.otp.issue({ email, purpose, userId, ip: request.ip, knownDevice });
  const issued = { email, purpose, code };
  try {
    await app.mailBudget.spend({
      ip: request.ip,
      browser: app.browserIdOf(request),
      recipient: email,
      userId,
      knownDevice,
    });
  } catch (err) {
    await app.otp.withdraw(issued);
    throw err;
  }
  return issued;
}

/**
 * Mails an issued code; when the mail cannot be sent the code (and its sign-in link) are taken back, so
 * a failed send does not count against the resend limits, and the error (502, "We could not send the
 * email…") reaches the user instead of "OTP sent".
 */
export async function mailOrWithdraw(
  app: FastifyInstance,
  issued: IssuedCode & { linkToken?: string },
  message: MailMessage,
): Promise<void> {
  try {
    await app.mail.send(message);
  } catch (err) {
    await app.otp.withdraw(issued);
    if (issued.linkToken) await app.otp.withdrawLink(issued.linkToken);
    throw err;
  }
}
