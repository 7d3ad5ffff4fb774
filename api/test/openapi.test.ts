// The API reference: every route declares its input and its answers (the rule of docs/api.md), the
// OpenAPI document built from those schemas is valid OpenAPI 3, and /api/docs serves the readable page.
import SwaggerParser from '@apidevtools/swagger-parser';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { buildApp } from '../src/app';
import { droppedFields } from '../src/lib/response-serializer';
import { DOCS_CSP } from '../src/routes/docs';
import { setupTestContext, testConfig } from './helper';

const ctx = setupTestContext();

/**
 * Routes that take no input at all: nothing in the path, the query or the body (a body sent to them is
 * ignored). Every other route must declare `params`, `querystring` and/or `body`.
 */
const NO_INPUT = [
  'GET /api/health',
  'GET /api/auth/config',
  'GET /api/auth/me',
  'POST /api/auth/logout',
  'GET /api/testimonials/getAllTestimonials',
  'DELETE /api/documentsUpload/resume',
  'GET /api/documentsUpload/resumes',
  'POST /api/notifications/markAllRead',
  'GET /api/notifications/preferences',
  'GET /api/jobAlerts',
  'POST /api/referralRequest/markNotificationsSeen',
  'GET /api/trust/reports',
  'GET /api/trust/blocks',
  'GET /api/admin/me',
];

/** The reference itself (Swagger UI's page and assets, the JSON document): hidden from the document. */
const isReference = (url: string) => url === '/api/openapi.json' || url.startsWith('/api/docs');

interface Collected {
  key: string;
  url: string;
  auth: string;
  schema: Record<string, unknown>;
}

async function buildCollecting(): Promise<{ app: FastifyInstance; routes: Collected[] }> {
  const routes: Collected[] = [];
  const app = await buildApp(testConfig(), {
    database: ctx.database,
    now: ctx.clock.now,
    logger: false,
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        routes.push({
          key: `${method} ${route.url}`,
          url: route.url,
          auth: (route.config as { auth?: string } | undefined)?.auth ?? 'user',
          schema: (route.schema ?? {}) as Record<string, unknown>,
        });
      }
    },
  });
  await app.ready();
  return { app, routes };
}

let app: FastifyInstance;
let routes: Collected[];
let api: Collected[];

beforeEach(async () => {
  ({ app, routes } = await buildCollecting());
  // The API's routes (not CORS's `OPTIONS *`), less the reference's own.
  api = routes.filter((r) => r.url.startsWith('/api/') && !isReference(r.url));
});
afterEach(async () => {
  await app.close();
});

describe('every route declares its input and its answers', () => {
  it('finds the routes (the allow-list names only real routes)', () => {
    expect(api.length).toBeGreaterThanOrEqual(54);
    const keys = new Set(api.map((r) => r.key));
    for (const key of NO_INPUT) expect(keys).toContain(key);
  });

  it('has a request schema, unless it takes no input at all', () => {
    const missing = api
      .filter((r) => !NO_INPUT.includes(r.key))
      .filter((r) => !r.schema.params && !r.schema.querystring && !r.schema.body)
      .map((r) => r.key);
    expect(missing).toEqual([]);
    // A path parameter is always validated.
    const unvalidatedParams = api
      .filter((r) => r.url.includes(':') && !r.schema.params)
      .map((r) => r.key);
    expect(unvalidatedParams).toEqual([]);
    // The allow-list holds only routes that really take nothing.
    const notEmpty = api
      .filter((r) => NO_INPUT.includes(r.key))
      .filter(
        (r) => r.url.includes(':') || r.schema.params || r.schema.querystring || r.schema.body,
      )
      .map((r) => r.key);
    expect(notEmpty).toEqual([]);
  });

  it('has a response schema for its success and its errors, a tag and a summary', () => {
    const problems: string[] = [];
    for (const r of api) {
      const response = (r.schema.response ?? {}) as Record<string, unknown>;
      const statuses = Object.keys(response);
      const hasInput = Boolean(r.schema.params || r.schema.querystring || r.schema.body);
      if (!statuses.some((s) => /^2/.test(s))) problems.push(`${r.key}: no success response`);
      if (!statuses.some((s) => /^[45]/.test(s))) problems.push(`${r.key}: no error response`);
      if (hasInput && !statuses.includes('400')) problems.push(`${r.key}: input but no 400`);
      if (r.auth === 'user' && !statuses.includes('401')) {
        problems.push(`${r.key}: needs a session but lists no 401`);
      }
      const tags = r.schema.tags as unknown[] | undefined;
      if (!tags?.length) problems.push(`${r.key}: no tags`);
      if (typeof r.schema.summary !== 'string' || !r.schema.summary) {
        problems.push(`${r.key}: no summary`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('GET /api/openapi.json', () => {
  let doc: OpenAPIV3.Document;

  beforeEach(async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json();
  });

  it('is a valid OpenAPI 3 document', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('describes every route, each with a summary, tags and its answers', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      (['get', 'put', 'post', 'delete', 'patch'] as const)
        .filter((m) => item?.[m])
        .map((m) => ({ key: `${m.toUpperCase()} ${path}`, op: item![m]! })),
    );
    // Fastify's `:id` is OpenAPI's `{id}`.
    const expected = api.map((r) => r.key.replace(/:([A-Za-z]+)/g, '{$1}')).sort();
    expect(operations.map((o) => o.key).sort()).toEqual(expected);
    for (const { key, op } of operations) {
      expect([key, op.summary]).toEqual([key, expect.any(String)]);
      expect([key, op.tags?.length]).toEqual([key, expect.any(Number)]);
      expect(Object.keys(op.responses).length).toBeGreaterThan(1);
    }
  });

  it('describes errors with the one shared error schema', () => {
    const op = doc.paths['/api/referralRequest/updateReferralStatus/{id}']!.put!;
    for (const status of ['400', '401', '403', '404', '409', '5XX']) {
      const response = op.responses[status] as OpenAPIV3.ResponseObject;
      expect(response.content?.['application/json']?.schema).toEqual({
        $ref: '#/components/schemas/ErrorResponse',
      });
      expect(response.description).not.toBe('Default Response');
    }
    const error = doc.components!.schemas!.ErrorResponse as OpenAPIV3.SchemaObject;
    expect(error.required).toEqual(['success', 'message']);
    // Each shape once: the answers' schemas, not their unused "as read" twins.
    expect(Object.keys(doc.components!.schemas!).filter((n) => n.endsWith('Input'))).toEqual([]);
    expect(Object.keys(doc.components!.schemas!)).toEqual(
      expect.arrayContaining(['JobPost', 'ReferralRequest', 'CurrentUser', 'ChatMessage']),
    );
  });

  it('describes the stream, the downloads, the uploads and the pages by their content types', () => {
    const ok = (path: string, method: 'get' | 'post') =>
      doc.paths[path]![method]!.responses['200'] as OpenAPIV3.ResponseObject;
    expect(Object.keys(ok('/api/chat/events', 'get').content!)).toEqual(['text/event-stream']);
    expect(Object.keys(ok('/api/documentsUpload/resume/{userId}', 'get').content!)).toContain(
      'application/pdf',
    );
    expect(Object.keys(ok('/api/documentsUpload/profileImage/{userId}', 'get').content!)).toContain(
      'image/png',
    );
    expect(Object.keys(ok('/api/notifications/unsubscribe', 'get').content!)).toEqual([
      'text/html',
    ]);
    const upload = doc.paths['/api/documentsUpload/resumeUpload']!.post!
      .requestBody as OpenAPIV3.RequestBodyObject;
    expect(Object.keys(upload.content)).toEqual(['multipart/form-data']);
  });

  it('says which routes need the session cookie', () => {
    expect(doc.components!.securitySchemes!.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
    });
    expect(doc.paths['/api/auth/me']!.get!.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/auth/login']!.post!.security).toEqual([]);
    expect(doc.paths['/api/jobPost/getAllJobPost']!.post!.security).toEqual([{}, { session: [] }]);
  });
});

describe('GET /api/docs', () => {
  it('answers the readable reference, as HTML with its own CSP, without a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toBe(DOCS_CSP);
    expect(res.body).toContain('swagger-ui');
  });

  it('serves its own scripts (works offline) and the document it reads', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).not.toMatch(/^https?:/);
      const url = new URL(src, 'http://api.test/api/docs/').pathname;
      const res = await app.inject({ method: 'GET', url });
      expect([src, res.statusCode]).toEqual([src, 200]);
      expect(res.headers['content-type']).toMatch(/javascript/);
    }
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toMatch(/^3\./);
  });
});

describe('droppedFields (the test suite fails a response whose schema drops a field)', () => {
  it('names each field the written JSON lacks', () => {
    expect(droppedFields({ a: 1, b: { c: 2, d: 3 } }, { a: 1, b: { c: 2 } })).toEqual(['b.d']);
    expect(droppedFields({ list: [{ x: 1, y: 2 }] }, { list: [{ x: 1 }] })).toEqual(['list[0].y']);
    expect(droppedFields({ a: 1 }, { a: 1 })).toEqual([]);
  });

  it('is what a route answers with a field its schema does not list (a 500 in tests)', async () => {
    const probe = await buildApp(testConfig(), {
      database: ctx.database,
      now: ctx.clock.now,
      logger: false,
    });
    const { z } = await import('zod');
    probe.get(
      '/probe',
      {
        config: { auth: 'public' },
        schema: { response: { 200: z.object({ kept: z.string() }) } },
      },
      async () => ({ kept: 'yes', extra: 'dropped' }),
    );
    await probe.ready();
    try {
      const res = await probe.inject({ method: 'GET', url: '/probe' });
      expect(res.statusCode).toBe(500);
    } finally {
      await probe.close();
    }
  });
});
