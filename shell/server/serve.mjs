#!/usr/bin/env node
// Serves one app as the static site it would be on a CDN:
//   node shell/server/serve.mjs --app mfe-public [--port 3001] [--dist path] [--store dir]
//   node shell/server/serve.mjs --app shell [--remotes path/to/remotes.json] [--api http://localhost:4000]
// From the release store (docs/releases.md; RELEASE_STORE, else <repo>/.releases), unless --dist names a build:
// - a remote serves every kept release, `/<version>/<file>` from `<store>/releases/<app>/<version>/`, all of it
//   immutable (a release never changes); `/mf-manifest.json` redirects to the live release's (for probes).
// - the shell serves its live release (read at start: a shell deploy takes effect when its server restarts),
//   or shell/dist when the store has none; /remotes.json is answered per visitor by shell/server/pointer.mjs
//   (live release, canary bucket, override), or from --remotes / REMOTES_FILE, read per request, when given.
// Remotes: CORS for any origin; with --dist, `no-cache` on remoteEntry.js / mf-manifest.json, hashed assets
// immutable. Shell: SPA fallback to index.html, /api proxied to the API so the browser sees one origin.
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
import { assignBucket, createRemotes, openStoreView, registerOverride } from './pointer.mjs';
import {
  OVERRIDE_COOKIE,
  applyOverrides,
  cookieWith,
  overrideEntry,
  overridesAllowed,
  overridesFromCookie,
} from './remoteOverrides.mjs';

const { values } = parseArgs({
  options: {
    app: { type: 'string' },
    port: { type: 'string' },
    dist: { type: 'string' },
    store: { type: 'string' },
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
const host = values.host || process.env.HOST || 'localhost';
const storeLocation = values.store || process.env.RELEASE_STORE;
const explicitRemotes = values.remotes || process.env.REMOTES_FILE;
// A remote from the store unless --dist; the shell from the store's live shell release when there is one.
const store =
  values.dist || (app.host && explicitRemotes && !storeLocation)
    ? null
    : await openStoreView(storeLocation);
if (store && !store.dir && !app.host) {
  console.error(
    `${app.dir}: ${store.location} is an S3 bucket; serve its releases/${app.dir}/ from the bucket (CDN)`,
  );
  process.exit(1);
}
const liveShell = app.host && store ? (await store.readPointer()).apps.shell?.live : null;
const dist = path.resolve(
  values.dist ||
    (!app.host && store
      ? path.join(store.dir, 'releases', app.dir)
      : liveShell && store?.dir
        ? path.join(store.dir, 'releases', 'shell', liveShell)
        : path.join(root, app.dir, 'dist')),
);
if (values.dist || app.host) {
  if (!fs.existsSync(path.join(dist, app.host ? 'index.html' : 'mf-manifest.json'))) {
    console.error(`${app.dir}: no build in ${dist}. Run: npm run build -w @referio/${app.dir}`);
    process.exit(1);
  }
} else if (!fs.existsSync(dist)) {
  console.error(
    `${app.dir}: no release in ${store.location}. Run: npm run release -w @referio/${app.dir}`,
  );
  process.exit(1);
}
/** A remote served from the store: every file is part of a release, which never changes. */
const fromStore = !app.host && !values.dist;

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
  if (fromStore && rel.includes('/'))
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else if (NO_CACHE.has(base)) res.setHeader('Cache-Control', 'no-cache');
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

/**
 * The shell pages' Content-Security-Policy for these remote origins; `devOrigins` (a developer's overrides,
 * remoteOverrides.mjs) may also open their dev server's WebSocket (hot updates).
 */
function contentSecurityPolicy(origins, devOrigins = []) {
  const remotes = origins.join(' ');
  const sockets = devOrigins.map((o) => o.replace(/^http/, 'ws')).join(' ');
  const list = (...sources) => sources.filter(Boolean).join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", remotes, `${GOOGLE_GSI}client`)}`,
    `style-src ${list("'self'", "'unsafe-inline'", remotes, `${GOOGLE_GSI}style`)}`,
    `img-src ${list("'self'", 'data:', 'blob:', 'https:', remotes)}`,
    `font-src ${list("'self'", 'data:', remotes)}`,
    `connect-src ${list("'self'", remotes, sockets, GOOGLE_GSI)}`,
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

/** The remotes each visitor gets (shell/server/pointer.mjs): from the store, or the explicit file. */
const remotes = app.host
  ? createRemotes(
      explicitRemotes && !values.store
        ? { remotesFile: path.resolve(explicitRemotes) }
        : { store: store ?? (await openStoreView(storeLocation)) },
    )
  : null;
const devOverrides = app.host && overridesAllowed();
if (devOverrides)
  console.warn(
    'shell: DEV_REMOTE_OVERRIDES is on: /__dev/remote may point this browser at a local remote',
  );
/** A developer's overrides for this request (empty unless DEV_REMOTE_OVERRIDES allows them). */
const overridesOf = (req) => (devOverrides ? overridesFromCookie(req.headers.cookie) : {});
/** The remotes this request sees: the visitor's (pointer.mjs), with a developer's overrides applied. */
const remotesForRequest = async (req) => {
  const list = await remotes.remotesFor(req);
  const overrides = overridesOf(req);
  return Object.keys(overrides).length ? applyOverrides(list, overrides) : list;
};
// A synchronous hook on purpose: an async onSend that awaited a file read here lost the body of about one
// HTML answer in eight (empty 200s, blank pages). The page handler already chose this visitor's remotes.
server.addHook('onSend', (req, reply, payload, done) => {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  const type = String(reply.getHeader('content-type') ?? '');
  if (app.host && remotes && type.startsWith('text/html')) {
    let origins = [];
    try {
      origins = remotes.originsFor(req);
    } catch {
      // No readable remotes.json: the page cannot load remotes anyway; the policy still applies.
    }
    const devOrigins = Object.values(overridesOf(req)).map((entry) => new URL(entry).origin);
    reply.header('Content-Security-Policy', contentSecurityPolicy(origins, devOrigins));
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
  // Bodies larger than this are refused here with 413 before any byte goes to the API. Its largest accepted
  // body is an upload (5 MB and its form): a larger file up to this size still reaches the API, whose own 413
  // carries the upload's message; the API refuses smaller bodies its route does not accept with its own 413,
  // which reaches the browser as given.
  const bodyMaxBytes = Number(process.env.API_BODY_MAX_BYTES || 8 * 1024 * 1024);
  const unavailable = (reply, status = 503) =>
    reply
      .code(status)
      .header('Retry-After', '5')
      .send({ success: false, message: 'Service temporarily unavailable. Please try again.' });
  await server.register(async (proxy) => {
    proxy.addHook('onRequest', (req, reply, done) => {
      const length = Number(req.headers['content-length'] ?? 0);
      if (length > bodyMaxBytes) {
        // The body never reaches the API. It is read and thrown away rather than cut off: a connection
        // closed while the client still sends makes the client see a reset instead of this answer. A body
        // far past the limit (four times) ends the connection.
        let seen = 0;
        req.raw.on('data', (chunk) => {
          seen += chunk.length;
          if (seen > 4 * bodyMaxBytes) req.raw.destroy();
        });
        req.raw.resume();
        reply.code(413).send({ success: false, message: 'The request body is too large.' });
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
  const secure = /^https:/.test(process.env.SITE_URL ?? '');
  // Every visitor has a canary bucket from their first page or /remotes.json on (pointer.mjs).
  server.addHook('onRequest', (req, reply, done) => {
    // Pages and /remotes.json only: static files stay cookie-free (cacheable by any CDN).
    const page =
      req.url === '/remotes.json' || String(req.headers.accept ?? '').includes('text/html');
    if (req.method === 'GET' && page && !req.url.startsWith('/api/'))
      assignBucket(req, reply, { secure });
    done();
  });
  server.get('/remotes.json', async (req, reply) => {
    reply.header('Cache-Control', 'no-store').type('application/json');
    // A fixed file as it is (the shell reports what is wrong with a malformed one), read on every request.
    if (remotes.remotesFile && Object.keys(overridesOf(req)).length === 0)
      return reply.send(await fs.promises.readFile(remotes.remotesFile, 'utf8'));
    // Per visitor and per request: a deploy, rollback or canary is a change of the pointer, no restart.
    try {
      return reply.send(await remotesForRequest(req));
    } catch (err) {
      console.warn(`[remotes] the release pointer could not be read: ${err?.message ?? err}`);
      return reply
        .code(503)
        .header('Retry-After', '5')
        .send({ success: false, message: 'Service temporarily unavailable. Please try again.' });
    }
  });
  registerOverride(server, remotes, {
    siteUrl: siteUrlFrom(process.env.SITE_URL, `http://localhost:${port}`),
    secure,
  });
  if (devOverrides) {
    server.get('/__dev/remote', async (req, reply) => {
      const { name, entry } = req.query ?? {};
      const listed = (await remotes.remotesFor(req)).some((r) => r.name === name);
      if (!listed)
        return reply.code(400).send({ message: `remotes.json lists no remote "${name}".` });
      const safe = entry === undefined ? null : overrideEntry(entry);
      if (entry !== undefined && !safe)
        return reply.code(400).send({ message: 'entry must be an http(s) URL on this machine.' });
      const value = cookieWith(overridesOf(req), name, safe);
      reply
        .header('Set-Cookie', `${OVERRIDE_COOKIE}=${value}; Path=/; SameSite=Lax; HttpOnly`)
        .header('Cache-Control', 'no-store')
        .redirect('/');
    });
  }
}

await server.register(fastifyStatic, {
  root: dist,
  index: app.host ? false : ['index.html'],
  wildcard: true,
  cacheControl: false,
  setHeaders: cacheHeaders,
});

if (app.host && process.env.REFERIO_BENCH_HELLO_DIR) {
  // The benchmarks' yardstick (tools/bench/lib/hello.mjs): a bare React page served by this same server, so a
  // benchmark measures it and the site's pages under the same load. Only when the benchmark sets the variable.
  await server.register(fastifyStatic, {
    root: path.resolve(process.env.REFERIO_BENCH_HELLO_DIR),
    prefix: '/__bench/hello/',
    decorateReply: false,
    cacheControl: false,
  });
}

if (app.host) {
  // Pages (rendered on the server where their remote offers it), robots.txt and sitemap.xml: shell/server/pages.mjs.
  // The page carries a copy of remotes.json (a JSON data block, which the CSP does not treat as a script).
  await registerPages(server, {
    dist,
    remotesFor: remotesForRequest,
    apiUrl: values.api || process.env.API_URL || `http://127.0.0.1:${API_PORT}`,
    siteUrl: siteUrlFrom(process.env.SITE_URL, `http://localhost:${port}`),
  });
} else {
  if (fromStore) {
    // Probes (and people) asking for the app's manifest get the live release's.
    server.get('/mf-manifest.json', async (_req, reply) => {
      const live = (await store.readPointer()).apps[app.dir]?.live;
      if (!live) return reply.code(404).type('text/plain').send(`${app.dir}: no live release`);
      return reply
        .header('Cache-Control', 'no-store')
        .header('Access-Control-Allow-Origin', '*')
        .redirect(`/${live}/mf-manifest.json`, 302);
    });
  }
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
