#!/usr/bin/env node
// Start-up: `npm start` on a built tree, on a fresh data directory (so migrations and the demo seed are included),
// to the first 200 on / (shell) and on /api/health. Median of N runs. (A remote's release to live, and its rollback:
// tools/bench/releases.mjs; a build is no longer a deploy.)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../run/apps.mjs';
import { buildStale } from '../run/stack.mjs';
import { median, printTable, writeResult } from './common.mjs';

const runs = Number(process.env.BENCH_RUNS || 3);

async function firstOk(url, t0, child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return Date.now() - t0;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function once() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-bench-start-'));
  const t0 = Date.now();
  const child = spawn(process.execPath, ['tools/run/start.mjs'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: 'ignore',
    detached: true,
  });
  try {
    const [shell, health] = await Promise.all([
      firstOk('http://localhost:3000/', t0, child),
      firstOk('http://localhost:4000/api/health', t0, child),
    ]);
    return { shell, health };
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await buildStale({ log: () => {} });
const samples = [];
for (let i = 0; i < runs; i += 1) samples.push(await once());

const result = {
  runs,
  shellMs: median(samples.map((s) => s.shell)),
  healthMs: median(samples.map((s) => s.health)),
  samples,
};
printTable([
  {
    measure: 'npm start (built tree, fresh database) → first 200 on /',
    'median ms': result.shellMs,
  },
  {
    measure: 'npm start (built tree, fresh database) → /api/health ok',
    'median ms': result.healthMs,
  },
]);
console.log(`→ ${path.relative(root, writeResult('startup', result))}`);
