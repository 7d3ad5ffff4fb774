#!/usr/bin/env node
// Runs a script with DATABASE_URL set to a fresh database on the machine's PostgreSQL, dropped afterwards:
//   node tools/bench/with-pg.mjs path/to/script.mjs [args…]
import { spawnSync } from 'node:child_process';
import { freshDatabase } from '../../api/scripts/pg-admin.mjs';

const [script, ...args] = process.argv.slice(2);
const db = await freshDatabase('referio_bench');
let status = 1;
try {
  status =
    spawnSync(process.execPath, [script, ...args], {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: db.url },
    }).status ?? 1;
} finally {
  await db.drop();
}
process.exit(status);
