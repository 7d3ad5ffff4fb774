#!/usr/bin/env node
// Serves one app as the static site it would be on a CDN, the shell with its pages and /api proxy (server.ts):
//   node shell/server/dist/serve.js --app mfe-public [--port 3001] [--dist path] [--store dir]
//   node shell/server/dist/serve.js --app shell [--remotes path/to/remotes.json] [--api http://localhost:4000]
// The options and what is served: config.ts. Built by `npm run build -w @referio/shell` (tsc, server/dist).
// The shell on a folder release store runs as a supervisor over its serving processes (rollover/supervisor.ts):
// a shell deploy, rollback or canary, or new server code (SIGHUP), is handed over without closing the port.
// SHELL_SUPERVISOR=off: one process, which serves the pointer's releases as they were when it started.
import cluster from 'node:cluster';
import path from 'node:path';
import { repoRoot } from '@referio/release';
import { ConfigError, configFrom, type ServerConfig } from './config';
import { isOff } from './env';
import { runSupervisor } from './rollover/supervisor';
import { runWorker } from './rollover/worker';
import { createServer } from './server';

async function serveRemote(config: ServerConfig): Promise<void> {
  const server = await createServer(config);
  await server.listen({ port: config.port, host: config.host });
  const where = path.relative(repoRoot, config.dist) || config.dist;
  console.log(`${config.app.dir} serving ${where} on http://localhost:${config.port}`);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      void server.close().finally(() => process.exit(0));
    });
  }
}

async function main(): Promise<void> {
  const config = await configFrom(process.argv.slice(2));
  if (!config.app.host) return serveRemote(config);
  const store = config.shellStore;
  if (cluster.isPrimary && store?.dir && !isOff(process.env.SHELL_SUPERVISOR))
    return runSupervisor({ store });
  return runWorker(config);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(err instanceof ConfigError ? err.exitCode : 1);
});
