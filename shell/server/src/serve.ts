#!/usr/bin/env node
// Serves one app as the static site it would be on a CDN, the shell with its pages and /api proxy (server.ts):
//   node shell/server/dist/serve.js --app mfe-public [--port 3001] [--dist path] [--store dir]
//   node shell/server/dist/serve.js --app shell [--remotes path/to/remotes.json] [--api http://localhost:4000]
// The options and what is served: config.ts. Built by `npm run build -w @referio/shell` (tsc, server/dist).
import path from 'node:path';
import { repoRoot } from '@referio/release';
import { ConfigError, configFrom } from './config';
import { createServer } from './server';

async function main(): Promise<void> {
  const config = await configFrom(process.argv.slice(2));
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

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(err instanceof ConfigError ? err.exitCode : 1);
});
