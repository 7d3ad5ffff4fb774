// The files of an app's build, as a CDN would serve them.
// - A remote served from the release store serves every kept release, `/<version>/<file>`, all of it immutable
//   (a release never changes); its stable URLs (`/mf-manifest.json`, `/remoteEntry.js`) answer the live release's,
//   `no-cache`, naming the versioned files (stable.ts).
// - A build folder (`--dist`, and the shell): `no-cache` on remoteEntry.js, the manifests, index.html and
//   remotes.json, hashed assets immutable.
// Remotes answer CORS for any origin (the shell loads them from another origin).
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Store } from '@referio/release';
import { registerStableRoutes } from './stable';

const HASHED = /\.[0-9a-f]{8}\.(js|css|map)$|^assets\//;
const NO_CACHE = new Set([
  'remoteEntry.js',
  'mf-manifest.json',
  'mf-stats.json',
  'index.html',
  'remotes.json',
  'ssr-manifest.json',
]);
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface StaticOptions {
  dist: string;
  /** The shell (no CORS, no index.html for folders: its pages are answered by pages/). */
  host: boolean;
  /** A remote's releases from the store: every file but the stable URLs' is part of a release. */
  fromStore: boolean;
  /**
   * The shell: its other kept releases' folders, looked in after `dist` (a tab opened before a deploy, or the other
   * side of a canary, still gets its hashed files).
   */
  also?: string[];
}

/** How long a file may be kept, and who may read it. */
export function cacheHeaders(
  res: { setHeader(name: string, value: string): unknown },
  filePath: string,
  o: StaticOptions,
): void {
  const rel = path.relative(o.dist, filePath).split(path.sep).join('/');
  const base = path.basename(filePath);
  if (o.fromStore && rel.includes('/')) res.setHeader('Cache-Control', IMMUTABLE);
  else if (NO_CACHE.has(base)) res.setHeader('Cache-Control', 'no-cache');
  else if (HASHED.test(rel) || HASHED.test(base)) res.setHeader('Cache-Control', IMMUTABLE);
  else res.setHeader('Cache-Control', 'no-cache');
  if (!o.host) {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Timing-Allow-Origin', '*');
  }
  res.setHeader('X-Content-Type-Options', 'nosniff');
}

export async function registerStatic(server: FastifyInstance, o: StaticOptions): Promise<void> {
  await server.register(fastifyStatic, {
    root: o.also?.length ? [o.dist, ...o.also] : o.dist,
    index: o.host ? false : ['index.html'],
    wildcard: true,
    cacheControl: false,
    setHeaders: (res, filePath) => cacheHeaders(res, filePath, o),
  });
}

/** A remote's own routes: its stable URLs (from the store) and CORS preflights. */
export function registerRemoteRoutes(
  server: FastifyInstance,
  app: string,
  store: Store | null,
): void {
  if (store) registerStableRoutes(server, app, store);
  server.options('/*', async (_req, reply) => {
    reply
      .header('Access-Control-Allow-Origin', '*')
      .header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
      .header('Access-Control-Allow-Headers', '*')
      .code(204)
      .send();
  });
}

/** The benchmarks' yardstick (tools/bench/lib/hello.mjs): a bare React page served by this same server. */
export async function registerBenchHello(server: FastifyInstance, dir: string): Promise<void> {
  await server.register(fastifyStatic, {
    root: path.resolve(dir),
    prefix: '/__bench/hello/',
    decorateReply: false,
    cacheControl: false,
  });
}
