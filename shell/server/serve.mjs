#!/usr/bin/env node
// Serves one built app as the static site it would be on a CDN:
//   node shell/server/serve.mjs --app mfe-public [--port 3001] [--dist path]
//   node shell/server/serve.mjs --app shell [--remotes path/to/remotes.json] [--api http://localhost:4000]
// Remotes: CORS for any origin, `no-cache` on remoteEntry.js / mf-manifest.json, hashed assets immutable.
// Shell: SPA fallback to index.html, /remotes.json from the given file (no-cache, never baked into the build),
// /api proxied to the API so the browser sees one origin.
// Security headers (every answer): X-Content-Type-Options nosniff, Referrer-Policy. The shell's pages
// (text/html) also get a Content-Security-Policy built from remotes.json on every request (each remote's
// origin may serve scripts, styles, fonts, images and manifests), with no 'unsafe-inline' for scripts;
// styles allow 'unsafe-inline' because `npm run dev`'s style-loader injects every stylesheet as a <style>
// tag (react-toastify's is a file: the site loads its unstyled build, shared/src/ui/toastify.ts). Google's sign-in
// script, its button frame and stylesheet (https://accounts.google.com/gsi/) are always allowed: the
// page decides at run time from /api/auth/config whether to load it, and allowing an origin that is
// never used costs nothing. Images may come from any https: origin (job posts carry company logo URLs).
// frame-ancestors 'none' (and X-Frame-Options DENY): no page may be framed.
// The /api proxy says who the client is itself: X-Forwarded-For is the address of the socket it accepted
// (X-Forwarded-Proto and -Host the scheme and host the browser addressed); whatever the client sent in those or similar headers (Forwarded,
// X-Real-IP, X-Forwarded-Host, …) is dropped, since the API trusts this proxy's word (TRUST_PROXY).
// Request ids: every request gets one (the client's X-Request-Id when it is a sane one, else a new UUID),
// echoed in the answer, passed on to the API with /api calls (whose logs then carry the same id), and
// logged here: one JSON line per request on stdout (LOG_REQUESTS=false turns that off).
import path from 'node:path';
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import fastifyProxy from '@fastify/http-proxy';
import { appByDir, root, API_PORT } from '../../tools/run/apps.mjs';
import { registerPages, siteUrlFrom } from './pages.mjs';

const { values } = parseArgs({
  options: {
    app: { type: 'string' },
    port: { type: 'string' },
    dist: { type: 'string' },
    remotes: { type: 'string' },
    api: { type: 'string' },
    host: { type: 'string' },
  },
});
if (!values.app) {
  console.error(
    'usage: node shell/server/serve.mjs --app <shell|mfe-public|mfe-candidate|mfe-referrer|mfe-chat>',
  );
  process.exit(2);
}
const app = appByDir(values.app);
const port = Number(values.port || process.env.PORT || app.port);
const dist = path.resolve(values.dist || path.join(root, app.dir, 'dist'));
const host = values.host || process.env.HOST || 'localhost';
if (!fs.existsSync(path.join(dist, app.host ? 'index.html' : 'mf-manifest.json'))) {
  console.error(`${app.dir}: no build in ${dist}. Run: npm run build -w @referio/${app.dir}`);
  process.exit(1);
}

const HASHED = /\.[0-9a-f]{8}\.(js|css|map)$|^assets\//;
const NO_CACHE = new Set([
  'remoteEntry.js',
  'mf-manifest.json',
  'mf-stats.json',
  'index.html',
  'remotes.json',
  'ssr-manifest.json',
]);

function cacheHeaders(res, filePath) {
  const rel = path.relative(dist, filePath).split(path.sep).join('/');
  const base = path.basename(filePath);
  if (NO_CACHE.has(base)) res.setHeader('Cache-Control', 'no-cache');
  else if (HASHED.test(rel) || HASHED.test(base))
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'no-cache');
  if (!app.host) {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Timing-Allow-Origin', '*');
  }
  res.setHeader('X-Content-Type-Options', 'nosniff');
}

/** As the API's (api/src/plugins/request-id.ts): 1-128 letters, digits and `. _ : -`. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
const requestIdOf = (req) => {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && REQUEST_ID_PATTERN.test(sent) ? sent : randomUUID();
};
const logRequests = !/^(false|0|no|off)$/i.test(process.env.LOG_REQUESTS ?? '');

const server = Fastify({ logger: false, requestIdHeader: false, genReqId: requestIdOf });
server.addHook('onRequest', (req, reply, done) => {
  reply.header('X-Request-Id', req.id);
  done();
});
if (logRequests) {
  server.addHook('onResponse', (req, reply, done) => {
    process.stdout.write(
      `${JSON.stringify({
        time: new Date().toISOString(),
        app: app.dir,
        reqId: req.id,
        method: req.method,
        url: req.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      })}\n`,
    );
    done();
  });
}
await server.register(fastifyCompress, { global: true, threshold: 1024 });

const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

/** The origins of the remotes listed in remotes.json (relative entries are this origin: 'self'). */
function remoteOrigins(remotesJson) {
  const origins = new Set();
  for (const remote of JSON.parse(remotesJson)) {
    try {
      origins.add(new URL(remote.entry).origin);
    } catch {
      // A relative entry is served from this origin, which 'self' already allows.
    }
  }
  return [...origins];
}

/** The shell pages' Content-Security-Policy for these remote origins. */
function contentSecurityPolicy(origins) {
  const remotes = origins.join(' ');
  const list = (...sources) => sources.filter(Boolean).join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", remotes, `${GOOGLE_GSI}client`)}`,
    `style-src ${list("'self'", "'unsafe-inline'", remotes, `${GOOGLE_GSI}style`)}`,
    `img-src ${list("'self'", 'data:', 'blob:', 'https:', remotes)}`,
    `font-src ${list("'self'", 'data:', remotes)}`,
    `connect-src ${list("'self'", remotes, GOOGLE_GSI)}`,
    `frame-src ${GOOGLE_GSI}`,
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** Connection failures before any answer, after which a GET or HEAD may be tried once more. */
const RETRYABLE_ERRORS = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE']);

/** Headers a client could use to pose as someone else; the proxy writes its own. */
const CLIENT_ADDRESS_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
];

/** The request headers sent on to the API: the client's address as this server saw it, nothing forged. */
function forwardedHeaders(req, headers) {
  const out = { ...headers };
  for (const name of CLIENT_ADDRESS_HEADERS) delete out[name];
  out['x-forwarded-for'] = req.socket?.remoteAddress ?? req.raw?.socket?.remoteAddress ?? '';
  out['x-forwarded-proto'] = req.protocol ?? 'http';
  // The origin the browser addressed (the API compares it with a request's Origin: same-origin calls pass).
  if (typeof req.headers?.host === 'string') out['x-forwarded-host'] = req.headers.host;
  // The same id as this server's log line (the client's own when sane, else the one made here).
  out['x-request-id'] = req.id;
  return out;
}

let remotesFile = null;
// A synchronous hook on purpose: an async onSend that awaited a file read here lost the body of about one
// HTML answer in eight (empty 200s, blank pages). remotes.json is tiny; reading it per page is cheap.
server.addHook('onSend', (_req, reply, payload, done) => {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  const type = String(reply.getHeader('content-type') ?? '');
  if (app.host && remotesFile && type.startsWith('text/html')) {
    let origins = [];
    try {
      origins = remoteOrigins(fs.readFileSync(remotesFile, 'utf8'));
    } catch {
      // No readable remotes.json: the page cannot load remotes anyway; the policy still applies.
    }
    reply.header('Content-Security-Policy', contentSecurityPolicy(origins));
    reply.header('X-Frame-Options', 'DENY');
    // The first page's remote is fetched from its own origin: open those connections while the shell's
    // own script loads (scripts go without CORS, the manifest with it: a connection for each).
    if (origins.length) {
      reply.header(
        'Link',
        origins
          .flatMap((o) => [`<${o}>; rel=preconnect`, `<${o}>; rel=preconnect; crossorigin`])
          .join(', '),
      );
    }
  }
  done(null, payload);
});

if (app.host) {
  const apiUrl = values.api || process.env.API_URL || `http://127.0.0.1:${API_PORT}`;
  // One deadline per /api call, retries included: no answer (headers) within it and the browser gets 504.
  // The API answers 503 itself within about a second when its database stalls (api/src/plugins/db-watch.ts).
  const deadlineMs = Number(process.env.API_TIMEOUT_MS || 30_000);
  // Bodies larger than this are refused here with 413 before any byte goes to the API (its largest
  // accepted body is an upload: UPLOAD_MAX_BYTES, 5 MB, plus the form around it); the API refuses
  // smaller bodies its route does not accept with its own 413, which reaches the browser as given.
  const bodyMaxBytes = Number(process.env.API_BODY_MAX_BYTES || 6 * 1024 * 1024);
  const unavailable = (reply, status = 503) =>
    reply
      .code(status)
      .header('Retry-After', '5')
      .send({ success: false, message: 'Service temporarily unavailable. Please try again.' });
  await server.register(async (proxy) => {
    proxy.addHook('onRequest', (req, reply, done) => {
      const length = Number(req.headers['content-length'] ?? 0);
      if (length > bodyMaxBytes) {
        // The browser's body is not read: the connection closes after the answer.
        reply.header('Connection', 'close').code(413).send({
          success: false,
          message: 'The request body is too large.',
        });
        return;
      }
      const timer = setTimeout(() => {
        if (!reply.sent && !reply.raw.headersSent) unavailable(reply, 504);
      }, deadlineMs);
      timer.unref();
      reply.raw.once('close', () => clearTimeout(timer));
      reply.raw.once('finish', () => clearTimeout(timer));
      done();
    });
    await proxy.register(fastifyProxy, {
      upstream: apiUrl,
      prefix: '/api',
      rewritePrefix: '/api',
      http2: false,
      // No timeout on the body: chat streams stay open (the deadline above covers the wait for headers).
      undici: { headersTimeout: deadlineMs, bodyTimeout: 0, connect: { timeout: 2000 } },
      replyOptions: {
        rewriteRequestHeaders: (req, headers) => forwardedHeaders(req, headers),
        // Retries: a GET or HEAD whose connection failed before any answer (the API restarting, a
        // kept-alive connection it had just closed) is tried once more, at once. Nothing else is retried:
        // not a write (it may have reached the API), not an answer (a 503 is the API's word), not a timeout.
        retryDelay: ({ err, req, res, attempt }) =>
          !res &&
          err &&
          attempt === 0 &&
          (req.method === 'GET' || req.method === 'HEAD') &&
          RETRYABLE_ERRORS.has(err.code)
            ? 1
            : null,
        // The API down or restarting: the same JSON error the API gives when its database is away, so the
        // pages show a message and keep the user signed in (only a 401 signs out).
        onError: (reply, { error }) => {
          if (reply.sent) return;
          unavailable(reply, error?.statusCode === 504 ? 504 : 503);
        },
      },
    });
  });
  remotesFile = path.resolve(
    values.remotes ||
      process.env.REMOTES_FILE ||
      path.join(root, 'shell', 'public', 'remotes.json'),
  );
  server.get('/remotes.json', async (_req, reply) => {
    // Read on every request: moving or rolling back a remote is an edit of this file, no restart.
    const body = await fs.promises.readFile(remotesFile, 'utf8');
    reply.header('Cache-Control', 'no-cache').type('application/json').send(body);
  });
}

await server.register(fastifyStatic, {
  root: dist,
  index: app.host ? false : ['index.html'],
  wildcard: true,
  cacheControl: false,
  setHeaders: cacheHeaders,
});

if (app.host) {
  // Pages (rendered on the server where their remote offers it), robots.txt and sitemap.xml: shell/server/pages.mjs.
  // The page carries a copy of remotes.json (a JSON data block, which the CSP does not treat as a script).
  await registerPages(server, {
    dist,
    remotesFile,
    apiUrl: values.api || process.env.API_URL || `http://127.0.0.1:${API_PORT}`,
    siteUrl: siteUrlFrom(process.env.SITE_URL, `http://localhost:${port}`),
  });
} else {
  server.options('/*', async (_req, reply) => {
    reply
      .header('Access-Control-Allow-Origin', '*')
      .header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
      .header('Access-Control-Allow-Headers', '*')
      .code(204)
      .send();
  });
}

await server.listen({ port, host });
console.log(`${app.dir} serving ${path.relative(root, dist) || dist} on http://localhost:${port}`);

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    server.close().finally(() => process.exit(0));
  });
}
