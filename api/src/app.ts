import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { isProduction, type Config } from './config';
import type { Database } from './db';
import { databaseRateLimitStore, sweepRateLimits, tooManyRequests } from './lib/rate-limit-store';
import { safeSerializers } from './lib/log-safety';
import { checkJsonText, responseSerializerCompiler } from './lib/response-serializer';
import authPlugin from './plugins/auth';
import contactMessagesPlugin from './plugins/contact-messages';
import configPlugin from './plugins/config';
import dbPlugin from './plugins/db';
import dbWatchPlugin from './plugins/db-watch';
import devMailPlugin from './plugins/dev-mail';
import errorHandler from './plugins/error-handler';
import eventsPlugin from './plugins/events';
import companiesPlugin from './plugins/companies';
import jobPostsPlugin from './plugins/job-posts';
import mailPlugin from './plugins/mail';
import notificationsPlugin from './plugins/notifications';
import openapiPlugin from './plugins/openapi';
import outboxPlugin from './plugins/outbox';
import referralsPlugin from './plugins/referrals';
import requestGuard from './plugins/request-guard';
import resumeMatchPlugin from './plugins/resume-match';
import requestIdPlugin, { requestIdOf } from './plugins/request-id';
import secretPlugin from './plugins/secret';
import storagePlugin from './plugins/storage';
import subscriptionsPlugin from './plugins/subscriptions';
import savedJobsPlugin from './plugins/saved-jobs';
import jobAlertsPlugin from './plugins/job-alerts';
import uploadsPlugin from './plugins/uploads';
import testimonialsPlugin from './plugins/testimonials';
import trustPlugin from './plugins/trust';
import authRoutes from './routes/auth';
import chatRoutes from './routes/chat';
import companiesRoutes from './routes/companies';
import contactMessagesRoutes from './routes/contact-messages';
import devRoutes from './routes/dev';
import docsRoutes from './routes/docs';
import uploadsRoutes from './routes/uploads';
import healthRoutes from './routes/health';
import messagesRoutes from './routes/chat/messages';
import notificationsRoutes from './routes/notifications';
import jobPostsRoutes from './routes/job-posts';
import referralsRoutes from './routes/referrals';
import subscriptionsRoutes from './routes/subscriptions';
import savedJobsRoutes from './routes/saved-jobs';
import jobAlertsRoutes from './routes/job-alerts';
import testimonialRoutes from './routes/testimonials';
import trustRoutes from './routes/trust';
import adminRoutes from './routes/admin';

const DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * A plugin under its function's name. Fastify names a plugin that has no name (one not wrapped in
 * fastify-plugin) by searching the module cache for it, twice per registration: under jest's module
 * registry, whose cache is a proxy over a thousand modules, that was a fifth of building an app, which the
 * API tests do in every test.
 */
function named<T extends { name: string; [DISPLAY_NAME]?: string }>(plugin: T): T {
  plugin[DISPLAY_NAME] ??= plugin.name;
  return plugin;
}

/** How often counters whose window has passed are removed from `rate_limits`. */
const RATE_LIMIT_SWEEP_MS = 60_000;

export interface BuildOptions {
  /** The clock for every time rule (tests pass a controllable one). */
  now?: () => Date;
  /** An open, migrated database to use instead of opening one from the config (tests). */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** Called for every route as it is registered (tests enumerate the routes with it). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * The API as a Fastify instance: external plugins, then app plugins (config, db, mail, storage, auth,
 * events, notifications, the mail outbox worker),
 * then the routes, everything under /api. Call `.ready()` or `.listen()` on the result.
 */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const logger = options.logger ?? { level: config.LOG_LEVEL };
  const app = Fastify({
    // Logs keep no user data: errors and requests go through the scrubbing serializers.
    logger:
      typeof logger === 'object' && logger !== null
        ? ({
            ...logger,
            serializers: { ...safeSerializers, ...logger.serializers },
          } as FastifyServerOptions['logger'])
        : logger,
    // Only the listed proxies may say who the client is (X-Forwarded-For); see config.ts.
    trustProxy: config.TRUST_PROXY === false ? false : config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    // Every log line of a request carries its id (reqId): the caller's X-Request-Id when sane, else a
    // UUID; echoed in the answer (src/plugins/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Opening the embedded database, migrating and seeding a fresh one takes more than Fastify's default
    // 10 s on a busy machine (the browser suite starts the API beside four builds); a slow start is not a
    // failed one.
    pluginTimeout: 120_000,
    // Errors raised before routing (a malformed %-escape in the path): the same JSON shape as the rest.
    frameworkErrors: (err, _request, reply) => {
      const status =
        typeof err.statusCode === 'number' && err.statusCode < 500 ? err.statusCode : 400;
      void (reply as FastifyReply)
        .code(status)
        .send({ success: false, message: 'The request URL is not valid.' });
    },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  // Tests: a field a handler sends that its response schema does not list fails the request (it would be
  // dropped silently otherwise), so every field the API sends is documented.
  app.setSerializerCompiler(responseSerializerCompiler(config.NODE_ENV === 'test'));
  // Tests: an answer sent as JSON text (the job search's page as the database writes it) meets its schema too.
  if (config.NODE_ENV === 'test') checkJsonText(app);
  await app.register(errorHandler);

  await registerExternalPlugins(app, config);
  await registerAppPlugins(app, config, options);
  await registerRoutes(app, config);
  return app;
}

/** Security headers, CORS, cookies and multipart uploads. */
async function registerExternalPlugins(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    // A JSON API: no documents to protect with CSP; images it serves are read by the site on another port.
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  await app.register(cors, {
    origin: config.CORS_ORIGIN.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 1, fields: 20 },
  });
}

/**
 * The app's own plugins, in dependency order: config, request ids, the database and its watch, the shared
 * rate-limit store, then the repositories, mail, storage, auth, events and workers.
 */
async function registerAppPlugins(
  app: FastifyInstance,
  config: Config,
  options: BuildOptions,
): Promise<void> {
  await app.register(configPlugin, { config, now: options.now });
  await app.register(requestIdPlugin);
  await app.register(requestGuard);
  await app.register(dbPlugin, { database: options.database });
  // Before every hook that queries the database (limits, sessions): a stalled database answers 503 fast.
  await app.register(dbWatchPlugin);
  // Limits count in the database, so every instance on it shares them (src/lib/rate-limit-store.ts).
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(app.db, app.now),
    errorResponseBuilder: (_request, context) => tooManyRequests(context.after, context.statusCode),
  });
  const sweepLimits = setInterval(() => {
    sweepRateLimits(app.db, app.now()).catch((err: unknown) =>
      app.log.warn({ err }, 'rate limit sweep failed'),
    );
  }, RATE_LIMIT_SWEEP_MS);
  sweepLimits.unref();
  app.addHook('onClose', async () => clearInterval(sweepLimits));
  await app.register(secretPlugin);
  await app.register(mailPlugin);
  await app.register(storagePlugin);
  await app.register(authPlugin);
  await app.register(eventsPlugin);
  await app.register(companiesPlugin);
  await app.register(jobPostsPlugin);
  await app.register(uploadsPlugin);
  await app.register(subscriptionsPlugin);
  await app.register(savedJobsPlugin);
  await app.register(jobAlertsPlugin);
  await app.register(contactMessagesPlugin);
  await app.register(devMailPlugin);
  await app.register(testimonialsPlugin);
  await app.register(notificationsPlugin);
  await app.register(referralsPlugin);
  await app.register(outboxPlugin);
  await app.register(trustPlugin);
  await app.register(resumeMatchPlugin);
  // Before the routes: the OpenAPI document is built from the routes registered after it.
  await app.register(openapiPlugin);
}

/** The routes, one folder per area, under /api (the dev mailbox not in production). */
async function registerRoutes(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(
    named(async function api(api: FastifyInstance) {
      await api.register(named(docsRoutes));
      await api.register(named(healthRoutes));
      await api.register(named(authRoutes));
      await api.register(named(companiesRoutes));
      await api.register(named(testimonialRoutes));
      await api.register(named(subscriptionsRoutes));
      await api.register(named(savedJobsRoutes));
      await api.register(named(jobAlertsRoutes));
      await api.register(named(chatRoutes));
      await api.register(named(messagesRoutes));
      await api.register(named(jobPostsRoutes));
      await api.register(named(referralsRoutes));
      await api.register(named(uploadsRoutes));
      await api.register(named(contactMessagesRoutes));
      await api.register(named(notificationsRoutes));
      await api.register(named(trustRoutes));
      await api.register(named(adminRoutes));
      if (!isProduction(config)) {
        app.log.warn(
          'dev mailbox at /api/dev/mail: serves sign-in codes, to loopback clients only (NODE_ENV=production removes it)',
        );
        await api.register(named(devRoutes));
      }
    }),
    { prefix: '/api' },
  );
}
