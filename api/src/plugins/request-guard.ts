// Two checks every request passes before its handler runs:
//
// 1. Cross-site writes. SameSite=Lax keeps the session cookie off requests from other sites, but a page on
//    another port or subdomain of the same host is "same-site": its forms and fetches carry the cookie.
//    Multipart uploads and the calls without a body (mark seen, mark read, logout) need no CORS preflight,
//    so such a page could make them. A state-changing request (POST, PUT, PATCH, DELETE) is refused with
//    403 when the browser says it comes from elsewhere: an `Origin` that is not one of the site's own
//    (CORS_ORIGIN, or the origin the request was addressed to), or, without `Origin`, a
//    `Sec-Fetch-Site` other than same-origin / none. Calls without either header (curl, servers) are not
//    browsers acting for a visitor and pass.
// 2. Text the database or the screen would misread. A NUL makes PostgreSQL refuse the whole statement;
//    other C0 controls and the bidirectional overrides/isolates (U+202A–U+202E, U+2066–U+2069) make text
//    display other than it reads ("gnp.exe" shown as "exe.png"). Any such character in the body, the query
//    string or the path parameters answers 400; tab, line feed and carriage return stay allowed. So does
//    text that is not valid Unicode: a lone UTF-16 surrogate (`"\uD800"` in JSON), which PostgreSQL cannot
//    store, and a body whose bytes are not valid UTF-8 (the JSON parser decodes strictly).
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors';

export const GUARD_MESSAGES = {
  crossSite: 'This request came from another site and was refused.',
  controlCharacters: 'Text must not contain control or text-direction characters.',
  invalidUnicode: 'Text must be valid Unicode.',
} as const;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const FORBIDDEN_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

/** A lone (unpaired) UTF-16 surrogate: not a character, and PostgreSQL refuses to store it. */
export const LONE_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a string, if anything: 'controls' (a forbidden character) or 'unicode' (a lone surrogate). */
function stringProblem(s: string): 'controls' | 'unicode' | null {
  if (LONE_SURROGATE.test(s)) return 'unicode';
  if (FORBIDDEN_CHARACTERS.test(s)) return 'controls';
  return null;
}

/** The first problem of any string inside `value` (objects and arrays walked, keys included), or null. */
export function textProblem(value: unknown, depth = 0): 'controls' | 'unicode' | null {
  if (typeof value === 'string') return stringProblem(value);
  if (depth > 20 || typeof value !== 'object' || value === null) return null;
  if (Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (const v of value) {
      const p = textProblem(v, depth + 1);
      if (p) return p;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    const p = stringProblem(k) ?? textProblem(v, depth + 1);
    if (p) return p;
  }
  return null;
}

/** True when any string inside `value` (objects and arrays walked, keys included) has a forbidden character. */
export function hasForbiddenCharacters(value: unknown): boolean {
  return textProblem(value) !== null;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The origin the request was addressed to, as the browser would write it (scheme from the proxy's header). */
function ownOrigin(request: FastifyRequest): string | null {
  // request.host: the Host header, or X-Forwarded-Host from a trusted proxy (the shell's /api proxy).
  const host = request.host;
  if (!host) return null;
  return `${request.protocol}://${host}`.toLowerCase();
}

export default fp(
  async (app) => {
    const allowed = new Set(
      app.config.CORS_ORIGIN.split(',')
        .map((o) => o.trim().toLowerCase().replace(/\/+$/, ''))
        .filter(Boolean),
    );
    allowed.add(new URL(app.config.SITE_URL).origin.toLowerCase());

    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method)) return;
      const origin = request.headers.origin;
      if (typeof origin === 'string') {
        const o = origin.trim().toLowerCase();
        if (allowed.has(o) || o === ownOrigin(request)) return;
        throw new HttpError(403, GUARD_MESSAGES.crossSite);
      }
      const site = request.headers['sec-fetch-site'];
      if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') {
        throw new HttpError(403, GUARD_MESSAGES.crossSite);
      }
    });

    // JSON bodies decoded strictly: bytes that are not UTF-8 are refused rather than read as U+FFFD.
    // Then Fastify's own parser (prototype poisoning refused, an empty body answered as before).
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      let text: string;
      try {
        text = strictUtf8.decode(body as Buffer);
      } catch {
        done(new HttpError(400, GUARD_MESSAGES.invalidUnicode), undefined);
        return;
      }
      parseJson(request, text, done);
    });

    app.addHook('preValidation', async (request) => {
      const problem =
        textProblem(request.params) ?? textProblem(request.query) ?? textProblem(request.body);
      if (problem === 'unicode') throw new HttpError(400, GUARD_MESSAGES.invalidUnicode);
      if (problem === 'controls') throw new HttpError(400, GUARD_MESSAGES.controlCharacters);
    });
  },
  { name: 'request-guard', dependencies: ['config'] },
);
