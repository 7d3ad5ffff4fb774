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
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { isProduction, type Config } from './config';
import type { Database } from './db';
import { HttpError } from './lib/errors';
import { safeSerializers } from './lib/log-safety';
import authPlugin from './plugins/auth';
import configPlugin from './plugins/config';
import dbPlugin from './plugins/db';
import errorHandler from './plugins/error-handler';
import eventsPlugin from './plugins/events';
import jobPostsPlugin from './plugins/job-posts';
import mailPlugin from './plugins/mail';
import notificationsPlugin from './plugins/notifications';
import outboxPlugin from './plugins/outbox';
import referralsPlugin from './plugins/referrals';
import requestGuard from './plugins/request-guard';
import storagePlugin from './plugins/storage';
import authRoutes from './routes/auth';
import chatRoutes from './routes/chat';
import companyRoutes from './routes/company';
import contactusRoutes from './routes/contactus';
import devRoutes from './routes/dev';
import documentsUploadRoutes from './routes/documentsUpload';
import healthRoutes from './routes/health';
import messageRoutes from './routes/message';
import notificationsRoutes from './routes/notifications';
import jobPostRoutes from './routes/jobPost';
import referralRequestRoutes from './routes/referralRequest';
import subscribeRoutes from './routes/subscribe';
import testimonialRoutes from './routes/testimonials';

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
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandler);

  // External plugins.
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
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(context.statusCode, `Too many requests. Please try again in ${context.after}.`),
  });

  // App plugins.
  await app.register(configPlugin, { config, now: options.now });
  await app.register(requestGuard);
  await app.register(dbPlugin, { database: options.database });
  await app.register(mailPlugin);
  await app.register(storagePlugin);
  await app.register(authPlugin);
  await app.register(eventsPlugin);
  await app.register(jobPostsPlugin);
  await app.register(notificationsPlugin);
  await app.register(referralsPlugin);
  await app.register(outboxPlugin);

  // Routes, one folder per area.
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(companyRoutes);
      await api.register(testimonialRoutes);
      await api.register(subscribeRoutes);
      await api.register(chatRoutes);
      await api.register(messageRoutes);
      await api.register(jobPostRoutes);
      await api.register(referralRequestRoutes);
      await api.register(documentsUploadRoutes);
      await api.register(contactusRoutes);
      await api.register(notificationsRoutes);
      if (!isProduction(config)) {
        app.log.warn(
          'dev mailbox at /api/dev/mail: serves sign-in codes, to loopback clients only (NODE_ENV=production removes it)',
        );
        await api.register(devRoutes);
      }
    },
    { prefix: '/api' },
  );

  return app;
}
