#!/usr/bin/env node
// `npm run bench`: every benchmark in tools/bench/, one after the other (the machine is shared: never in parallel).
// Each is runnable alone (`node tools/bench/<name>.mjs`) and writes JSON to bench/results/.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './apps.mjs';

const dir = path.join(root, 'tools', 'bench');
const only = process.argv.slice(2);
const scripts = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.mjs') && f !== 'common.mjs')
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.mjs$/, '')));
let failed = 0;
for (const f of scripts) {
  console.log(`\n## ${f.replace(/\.mjs$/, '')}\n`);
  const r = spawnSync(process.execPath, [path.join(dir, f)], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
