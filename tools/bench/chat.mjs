#!/usr/bin/env node
// Chat delivery latency with many open streams: runs tools/bench/lib/chat-load.mjs on PGlite, then on the machine's
// PostgreSQL (a fresh database) when one answers on 127.0.0.1:5432, then across two API instances on PostgreSQL
// with 2,000 open streams (p99 ≤ 100 ms, none lost). Results: bench/results/chat-pglite.json, chat-pg.json,
// chat-pg-2x.json.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from '../run/apps.mjs';
import { buildStale } from '../run/stack.mjs';

await buildStale({ log: () => {} });
const script = path.join(root, 'tools', 'bench', 'lib', 'chat-load.mjs');
const env = { ...process.env };
delete env.DATABASE_URL;
console.log('### PGlite');
const pglite = spawnSync(process.execPath, [script], { cwd: root, stdio: 'inherit', env });
let pg = { status: 0 };
const ready = spawnSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', '5432']);
if (ready.status === 0) {
  console.log('\n### PostgreSQL');
  pg = spawnSync(process.execPath, [path.join(root, 'tools', 'bench', 'with-pg.mjs'), script], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  console.log('\n### PostgreSQL, two API instances, 2,000 streams');
  const twoEnv = {
    CHATS: '1000',
    ROUNDS: '2',
    CONCURRENCY: '20',
    BENCH_TIMEOUT_MS: '300000',
    ...env,
    INSTANCES: '2',
  };
  const two = spawnSync(
    process.execPath,
    [path.join(root, 'tools', 'bench', 'with-pg.mjs'), script],
    { cwd: root, stdio: 'inherit', env: twoEnv },
  );
  pg = { status: pg.status || two.status };
} else {
  console.log('\n(no PostgreSQL answers on 127.0.0.1:5432: PGlite only)');
}
process.exit(pglite.status || pg.status ? 1 : 0);
