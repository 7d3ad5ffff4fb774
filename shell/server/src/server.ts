// One app's server: the shell (its pages, /remotes.json, the overrides, the /api proxy and its files) or a remote
// (its releases' files, as a CDN would serve them). Built from a ServerConfig (config.ts), not yet listening.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import type { ServerConfig } from './config';
import { quarantineHistory, registerPages } from './pages/pages';
import { registerApiProxy } from './proxy';
import { registerOverrideRoutes } from './remotes/override-routes';
import type { Remotes } from './remotes/remotes';
import { registerRemotesRoutes } from './remotes/routes';
import { registerRequestIds, requestIdOf } from './requests';
import { registerSecurityHeaders } from './security';
import { registerBenchHello, registerRemoteRoutes, registerStatic } from './static';

/** The header naming the shell release that answered (and `Server-Timing: shell-release;desc=…` for the page). */
export const SHELL_RELEASE_HEADER = 'Referio-Shell-Release';

/** The shell's own routes around its files: proxy, remotes, overrides, then its pages. */
async function registerShell(
  server: FastifyInstance,
  c: ServerConfig,
  remotes: Remotes,
): Promise<void> {
  await registerApiProxy(server, {
    apiUrl: c.apiUrl,
    deadlineMs: c.deadlineMs,
    bodyMaxBytes: c.bodyMaxBytes,
  });
  registerRemotesRoutes(server, { remotes, secure: c.secure });
  registerOverrideRoutes(server, {
    remotes,
    siteUrl: c.siteUrl,
    secure: c.secure,
    dev: c.dev,
    shellRelease: c.shellRelease ?? null,
  });
  if (c.dev)
    console.warn(
      'shell: DEV_REMOTE_OVERRIDES is on: /__dev/remote may point this browser at a local remote',
    );
  await registerStatic(server, { dist: c.dist, host: true, fromStore: false, also: c.alsoDists });
  // Only when a benchmark sets the variable: its yardstick page, measured under the same load as the site's.
  if (c.benchHelloDir) await registerBenchHello(server, c.benchHelloDir);
  // Pages (rendered on the server where their remote offers it), robots.txt, the sitemap and share images.
  await registerPages(server, {
    dist: c.dist,
    remotesFor: (req) => remotes.remotesFor(req),
    apiUrl: c.apiUrl,
    siteUrl: c.siteUrl,
    onQuarantine: remotes.store ? quarantineHistory(remotes.store) : undefined,
  });
}

/** A server that another one's requests are handed to (the shell's site: rollover/site.ts), not a listening one. */
export type ServerFactory = FastifyServerOptions['serverFactory'];

export async function createServer(
  c: ServerConfig,
  serverFactory?: ServerFactory,
): Promise<FastifyInstance> {
  const server = Fastify({
    logger: false,
    requestIdHeader: false,
    genReqId: requestIdOf,
    ...(serverFactory ? { serverFactory, return503OnClosing: false } : {}),
  });
  if (c.shellRelease) {
    const release = c.shellRelease;
    // Which shell release answered: a tab compares it with its own (src/federation/releaseWatch.ts).
    server.addHook('onRequest', (_req, reply, done) => {
      reply.header(SHELL_RELEASE_HEADER, release);
      reply.header('Server-Timing', `shell-release;desc="${release}"`);
      done();
    });
  }
  const log = c.logRequests ? (line: string) => process.stdout.write(line) : null;
  registerRequestIds(server, { app: c.app.dir, log });
  await server.register(fastifyCompress, { global: true, threshold: 1024 });
  registerSecurityHeaders(server, c.remotes);
  if (c.remotes) {
    await registerShell(server, c, c.remotes);
  } else {
    await registerStatic(server, { dist: c.dist, host: false, fromStore: c.store !== null });
    registerRemoteRoutes(server, c.app.dir, c.store);
  }
  return server;
}
