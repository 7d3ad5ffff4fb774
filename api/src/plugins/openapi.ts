import swagger from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { SESSION_COOKIE } from './auth';

/** What each status of a route's answers means, where the route's schema does not say. */
export const STATUS_DESCRIPTIONS: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '400': 'The request is not valid: `message` says why, `issues` names each invalid field.',
  '401': 'Not signed in, or the session ended.',
  '403': 'Signed in, but not allowed to do this.',
  '404': 'Not found.',
  '409': 'Conflicts with the current state (already done, already used).',
  '413': 'Too large (the file, or the account storage quota).',
  '429': 'Too many requests: the `Retry-After` header says how many seconds to wait.',
  '503': 'The service is temporarily unavailable (`Retry-After` says when to retry).',
  '5XX':
    'A server failure (a generic message, logged), or 503 with `Retry-After` when the database does not answer.',
};

/**
 * The zod transform lists every schema with an id twice (as read and as written: `JobPostInput`,
 * `JobPost`); the answers only use the written one. Keeps the schemas the paths reach, directly or
 * through other schemas.
 */
function dropUnreferencedSchemas(doc: OpenAPIV3.Document): void {
  const schemas = doc.components?.schemas;
  if (!schemas) return;
  const refsIn = (value: unknown) =>
    [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
  const keep = new Set<string>();
  const queue = refsIn(doc.paths);
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (keep.has(name)) continue;
    keep.add(name);
    queue.push(...refsIn(schemas[name]));
  }
  for (const name of Object.keys(schemas)) if (!keep.has(name)) delete schemas[name];
}

type Access = 'public' | 'optional' | 'user';
const accessOf = (route: RouteOptions): Access =>
  ((route.config as { auth?: Access } | undefined)?.auth ?? 'user') as Access;

/**
 * OpenAPI 3 from the routes' zod schemas (`@fastify/swagger` with the zod type provider's transforms).
 * Who may call a route comes from its `config.auth`: the session cookie is required ('user'), optional
 * ('optional', `[{}, { session: [] }]`) or not used ('public'). Registered before the routes: it
 * collects them as they are added. The document is served at /api/openapi.json (routes/docs).
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Referio API',
          version: '1.0.0',
          description:
            'The job-referral marketplace API. Every answer is JSON (`{ success, message?, data }`), except the live chat stream (text/event-stream), file downloads and the unsubscribe pages. Every refusal is `{ success: false, message, issues? }`. Sign-in sets the httpOnly session cookie; routes marked with the lock need it. Every route may also answer 400 (control characters in the URL) and 403 (a write from another site) from the request guard. See docs/api.md.',
        },
        components: {
          securitySchemes: {
            session: {
              type: 'apiKey',
              in: 'cookie',
              name: SESSION_COOKIE,
              description:
                'The session cookie set by POST /auth/verifyOtp, /auth/verifyLink or /auth/oAuth.',
            },
          },
        },
      },
      transform: (document) => {
        const out = jsonSchemaTransform(document);
        const access = accessOf(document.route);
        const session: Record<string, string[]> = { session: [] };
        const security: Record<string, string[]>[] =
          access === 'user' ? [session] : access === 'optional' ? [{}, session] : [];
        return { ...out, schema: { ...out.schema, security } };
      },
      transformObject: (document) => {
        const doc = jsonSchemaTransformObject(document) as OpenAPIV3.Document;
        for (const path of Object.values(doc.paths)) {
          for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
            const responses = path?.[method]?.responses ?? {};
            for (const [status, response] of Object.entries(responses)) {
              const r = response as OpenAPIV3.ResponseObject;
              if (r.description === 'Default Response') {
                r.description = STATUS_DESCRIPTIONS[status] ?? r.description;
              }
            }
          }
        }
        dropUnreferencedSchemas(doc);
        return doc;
      },
    });
  },
  { name: 'openapi' },
);
