import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isProduction } from '../config';
import { TRUST_MESSAGES } from '../contract';
import type { UserRow } from '../db/schema';
import { hmacHex, randomUrlToken, sameHex } from '../lib/crypto';
import { HttpError, SIGN_IN_REQUIRED_MESSAGE } from '../lib/errors';
import { EmailRevertRepository } from '../services/email-reverts';
import { MailBudget } from '../services/mail-budget';
import { OtpService } from '../services/otp';
import { RateLimitCounters } from '../services/rate-limits';
import { SessionStore, type ActiveSession } from '../services/sessions';
import { suspensionOfUser } from '../services/trust';
import { UserRepository } from '../services/users';

export const SESSION_COOKIE = 'referio_sid';
/**
 * Set when a browser signs in: an HMAC of the address under the server secret. A code request that
 * carries it for the address it asks about is not held back by the address-wide send limit, so others
 * asking for codes cannot keep the owner's own browser from getting one.
 */
export const DEVICE_COOKIE = 'referio_device';
const DEVICE_COOKIE_DAYS = 365;
/**
 * A random id for this browser, set when it asks for a sign-in mail: the mailed link signs in without a
 * question only in the browser whose id it was issued with (login CSRF; services/otp.ts `peekLink`).
 */
export const BROWSER_COOKIE = 'referio_browser';
const BROWSER_COOKIE_DAYS = 30;

/**
 * Who may call a route, declared in its options: `config: { auth: 'public' }`.
 * - 'public': anyone; the session is not even looked up.
 * - 'optional': anyone; `request.user` is set when a valid session cookie comes with the request.
 * - 'user' (the default when a route declares nothing): a signed-in user, else 401.
 */
export type RouteAccess = 'public' | 'optional' | 'user';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAccess;
    /**
     * The handler (or the route's own onRequest hook) looks the session up itself, together with what
     * it needs about the user, in one query (`app.sessions.finder`), then hands the result to
     * `app.useSession`. The hook then only refuses a 'user' route called without a session cookie.
     */
    sessionInHandler?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: UserRow | null;
    session: ActiveSession | null;
  }
  interface FastifyInstance {
    users: UserRepository;
    sessions: SessionStore;
    otp: OtpService;
    /** Per-IP, per-account and per-recipient budgets of the mails routes send (services/mail-budget.ts). */
    mailBudget: MailBudget;
    /** Counters in `rate_limits` for limits a route applies itself (the sign-in code routes'). */
    rateLimitCounters: RateLimitCounters;
    /** The "this wasn't me" links of sign-in e-mail changes. */
    emailReverts: EmailRevertRepository;
    /** Opens a session for the user and sets the httpOnly cookie; the token never appears in a body. */
    signIn(reply: FastifyReply, userId: string): Promise<void>;
    /** Marks this browser as one that signed in to `email` (see DEVICE_COOKIE). */
    rememberDevice(reply: FastifyReply, email: string): void;
    /** This browser's id (BROWSER_COOKIE), set on the reply when it has none yet. */
    browserId(request: FastifyRequest, reply: FastifyReply): string;
    /** This browser's id, or null when it has none. */
    browserIdOf(request: FastifyRequest): string | null;
    /** Whether the request comes from a browser that signed in to `email` before. */
    isKnownDevice(request: FastifyRequest, email: string): boolean;
    /** Ends the request's session (if any) and clears the cookie. */
    signOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * Applies a session lookup's result to the request, as the onRequest hook does: sets
     * `request.user`, slides the expiry, drops a stale cookie, 401 on a 'user' route without a session.
     */
    useSession(
      request: FastifyRequest,
      reply: FastifyReply,
      session: ActiveSession | null,
    ): Promise<void>;
  }
}

/** The signed-in user of a route declared `auth: 'user'` (throws 401 if called elsewhere without one). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new HttpError(401, SIGN_IN_REQUIRED_MESSAGE);
  return request.user;
}

/** Throws 403 unless `id` is the caller's own user id. */
export function assertSelf(
  request: FastifyRequest,
  id: string | undefined,
  message: string,
): UserRow {
  const user = currentUser(request);
  if (id !== undefined && id !== user.id) throw new HttpError(403, message);
  return user;
}

/** The cookies' common options: HTTP-only, same-site lax, secure in production or when configured. */
const cookieOptions = (config: FastifyInstance['config']) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  path: '/',
  secure: isProduction(config) || config.COOKIE_SECURE,
});

/** The session cookie, for as long as the session lasts. */
const setSessionCookie = (
  app: FastifyInstance,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
) =>
  reply.setCookie(SESSION_COOKIE, token, {
    ...cookieOptions(app.config),
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - app.now().getTime()) / 1000)),
  });

/** The sign-in repositories: users, sessions, one-time codes, e-mail reverts and the mail budgets. */
function decorateRepositories(app: FastifyInstance): void {
  const { config } = app;
  const ttlMs = config.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
  const secret = app.serverSecret;

  app.decorate('users', new UserRepository(app.db));
  app.decorate('sessions', new SessionStore(app.db, ttlMs, app.now));
  app.decorate(
    'otp',
    new OtpService(
      app.db,
      secret,
      {
        ttlSeconds: config.OTP_TTL_SECONDS,
        maxAttempts: config.OTP_MAX_ATTEMPTS,
        resendIntervalSeconds: config.OTP_RESEND_INTERVAL_SECONDS,
        maxPerHour: config.OTP_MAX_PER_HOUR,
        addressMaxPerHour: config.OTP_ADDRESS_MAX_PER_HOUR,
        maxFailuresPerDay: config.OTP_MAX_FAILURES_PER_DAY,
        linkTtlSeconds: config.LOGIN_LINK_TTL_SECONDS,
      },
      app.now,
    ),
  );

  app.decorate('rateLimitCounters', new RateLimitCounters(app.db));
  app.decorate('emailReverts', new EmailRevertRepository(app.db, app.now));
  app.decorate(
    'mailBudget',
    new MailBudget(
      app.rateLimitCounters,
      secret,
      {
        ipPerHour: config.MAIL_IP_MAX_PER_HOUR,
        browserPerHour: config.MAIL_BROWSER_MAX_PER_HOUR,
        accountPerHour: config.MAIL_ACCOUNT_MAX_PER_HOUR,
        recipientPerDay: config.MAIL_RECIPIENT_MAX_PER_DAY,
      },
      app.now,
    ),
  );
}

/** Signing in and out, and the browser's cookies: the session, the known device, the browser id. */
function decorateCookies(app: FastifyInstance): void {
  const { config } = app;
  const secret = app.serverSecret;
  app.decorate('signIn', async (reply: FastifyReply, userId: string) => {
    // A suspended account cannot sign in (docs/trust-and-safety.md).
    // The answer says why, so the sign-in page can show the suspended page with the reason.
    const user = await app.users.findById(userId);
    const suspension = user && suspensionOfUser(user);
    if (suspension) throw new HttpError(403, TRUST_MESSAGES.suspendedSignIn, {}, { suspension });
    const { token, expiresAt } = await app.sessions.create(userId);
    setSessionCookie(app, reply, token, expiresAt);
  });

  const deviceMark = (email: string) => hmacHex(secret, `device:${email.toLowerCase()}`);
  app.decorate('rememberDevice', (reply: FastifyReply, email: string) => {
    reply.setCookie(DEVICE_COOKIE, deviceMark(email), {
      ...cookieOptions(config),
      path: '/api/auth',
      maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
    });
  });
  const browserIdOf = (request: FastifyRequest): string | null => {
    const id = request.cookies[BROWSER_COOKIE];
    return typeof id === 'string' && /^[A-Za-z0-9_-]{22,64}$/.test(id) ? id : null;
  };
  app.decorate('browserIdOf', browserIdOf);
  app.decorate('browserId', (request: FastifyRequest, reply: FastifyReply) => {
    const known = browserIdOf(request);
    if (known) return known;
    const id = randomUrlToken(24);
    reply.setCookie(BROWSER_COOKIE, id, {
      ...cookieOptions(config),
      path: '/api/auth',
      maxAge: BROWSER_COOKIE_DAYS * 24 * 60 * 60,
    });
    return id;
  });
  app.decorate('isKnownDevice', (request: FastifyRequest, email: string) => {
    const mark = request.cookies[DEVICE_COOKIE];
    return (
      typeof mark === 'string' && /^[0-9a-f]{64}$/.test(mark) && sameHex(mark, deviceMark(email))
    );
  });

  app.decorate('signOut', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await app.sessions.destroy(token);
    reply.clearCookie(SESSION_COOKIE, cookieOptions(config));
    request.user = null;
    request.session = null;
  });
}

/** Who calls: `useSession` and the hook that checks every route's `config.auth`. */
function decorateSessionCheck(app: FastifyInstance): void {
  const { config } = app;
  const accessOf = (request: FastifyRequest): RouteAccess =>
    request.is404 ? 'public' : (request.routeOptions.config.auth ?? 'user');

  app.decorate(
    'useSession',
    async (request: FastifyRequest, reply: FastifyReply, session: ActiveSession | null) => {
      const token = request.cookies[SESSION_COOKIE];
      if (session && token) {
        request.session = session;
        request.user = session.user;
        const extended = await app.sessions.slide(session);
        if (extended) setSessionCookie(app, reply, token, extended);
      } else if (token) {
        // Expired or unknown: drop the stale cookie.
        reply.clearCookie(SESSION_COOKIE, cookieOptions(config));
      }
      if (accessOf(request) === 'user' && !request.user) {
        // A session a suspension ended: the answer says why (the browser shows the suspended page).
        const suspended = token && !session ? await app.sessions.suspendedOwner(token) : null;
        const suspension = suspended && suspensionOfUser(suspended);
        throw new HttpError(401, SIGN_IN_REQUIRED_MESSAGE, {}, suspension ? { suspension } : {});
      }
    },
  );

  app.addHook('onRequest', async (request, reply) => {
    const access = accessOf(request);
    if (access === 'public') return;
    const token = request.cookies[SESSION_COOKIE];
    if (request.routeOptions.config.sessionInHandler && !request.is404) {
      if (access === 'user' && !token) throw new HttpError(401, SIGN_IN_REQUIRED_MESSAGE);
      return;
    }
    await app.useSession(request, reply, token ? await app.sessions.find(token) : null);
  });
}

export default fp(
  async (app) => {
    decorateRepositories(app);
    decorateCookies(app);
    app.decorateRequest('user', null);
    app.decorateRequest('session', null);
    decorateSessionCheck(app);
  },
  { name: 'auth', dependencies: ['config', 'db', 'secret'] },
);
