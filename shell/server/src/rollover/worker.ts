// One process of the shell's server: its site (site.ts) on a Node server. Under the supervisor (a cluster worker)
// it listens on the port the primary holds, says `ready` once it has answered a page itself, and drains when told
// (drain.ts); alone (SHELL_SUPERVISOR=off, or a store without folders) it is the whole server.
import cluster from 'node:cluster';
import http from 'node:http';
import type { ServerConfig } from '../config';
import { positiveNumber } from '../env';
import { drainerOf, type DrainReport } from './drain';
import { openSite, type ShellSite } from './site';

/** What a worker tells the primary. */
export type WorkerMessage =
  { type: 'ready'; key: string; startMs: number } | { type: 'drained'; report: DrainReport };

/** What the primary tells a worker. */
export type PrimaryMessage = { type: 'drain' };

/** How long a drain waits for the requests in flight (an API call's own deadline is 30 s). */
export const drainDeadlineMs = (env: NodeJS.ProcessEnv = process.env): number =>
  positiveNumber(env.SHELL_DRAIN_MS, 35_000);

/** The site answers its first page before it takes any visitor (a render pool that cannot start fails here). */
async function selfCheck(site: ShellSite): Promise<void> {
  for (const r of [site.live, site.canary]) {
    if (!r) continue;
    const res = await r.app.inject({ url: '/', headers: { accept: 'text/html' } });
    if (res.statusCode >= 500)
      throw new Error(`shell ${r.version ?? 'build'}: its first page answered ${res.statusCode}`);
  }
}

const listen = (server: http.Server, port: number, host: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host }, () => {
      server.off('error', reject);
      resolve();
    });
  });

const send = (m: WorkerMessage) => (cluster.isWorker ? process.send?.(m) : undefined);

export async function runWorker(config: ServerConfig): Promise<void> {
  const t0 = Date.now();
  const site = await openSite(config);
  await selfCheck(site);
  const server = http.createServer(site.handle);
  // As Fastify's own default: longer than a balancer keeps an idle connection to it.
  server.keepAliveTimeout = 72_000;
  const drainer = drainerOf(server);
  await listen(server, config.port, config.host);
  const serving = `${site.live.version ?? 'its build'}${site.canary ? ` (canary ${site.canary.version})` : ''}`;
  console.log(`shell serving ${serving} on http://localhost:${config.port} (pid ${process.pid})`);
  send({ type: 'ready', key: site.key, startMs: Date.now() - t0 });
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      const report = await drainer.drain(drainDeadlineMs());
      send({ type: 'drained', report });
      await site.close();
      process.exit(0);
    })());
  process.on('message', (m: PrimaryMessage) => {
    if (m?.type === 'drain') void stop();
  });
  // Alone, a signal stops it gently; under the supervisor the primary decides (a terminal's Ctrl-C reaches every
  // process of the group: the primary drains them in order).
  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    process.on(sig, () => (cluster.isWorker ? undefined : void stop()));
}
