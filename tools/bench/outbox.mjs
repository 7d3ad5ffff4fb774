#!/usr/bin/env node
// The mail outbox: 10,000 queued mails drained into a local SMTP server by the API's worker, the API killed
// once mid-drain (SIGTERM, then SIGKILL), none lost or doubled; mails/s. PostgreSQL only (a fresh database),
// skipped when none answers on 127.0.0.1:5432. Result: bench/results/outbox-pg.json.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from '../run/apps.mjs';

const ready = spawnSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', '5432']);
if (ready.status !== 0) {
  console.log('(no PostgreSQL answers on 127.0.0.1:5432: the outbox benchmark needs one)');
  process.exit(0);
}
const r = spawnSync(
  process.execPath,
  [
    path.join(root, 'tools', 'bench', 'with-pg.mjs'),
    path.join(root, 'tools', 'bench', 'lib', 'outbox-load.mjs'),
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(r.status ?? 1);
