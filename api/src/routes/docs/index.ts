import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The API's own page of the docs: scripts only from itself, styles from itself and inline (the Swagger UI assets ship in
 * the package and are served from /api/docs/static, so the reference works offline), no framing.
 * The API's helmet sends no CSP (it serves JSON); this page brings its own.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  // Swagger UI applies one inline style (like the shell's pages, which allow inline styles too).
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The API reference: the OpenAPI document at GET /openapi.json and a readable page at /docs (Swagger UI).
 * Both public; they describe every route (see plugins/openapi.ts and docs/api.md).
 */
const docs: FastifyPluginAsyncZod = async (app) => {
  // The reference's own routes (Swagger UI's page, assets, JSON) are public and hidden from the document.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, auth: 'public' };
  });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // The page links its assets by absolute path: with the /api prefix this plugin is registered under.
    indexPrefix: app.prefix,
    staticCSP: DOCS_CSP,
    theme: { title: 'Referio API reference' },
    uiConfig: {
      docExpansion: 'list',
      deepLinking: true,
      defaultModelsExpandDepth: 0,
      tryItOutEnabled: false,
      // No calls to the public validator service: the page works offline.
      validatorUrl: null,
    },
  });
};

export default docs;
