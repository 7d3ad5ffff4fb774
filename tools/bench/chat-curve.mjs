#!/usr/bin/env node
// Where chat's fan-out stops: tools/bench/lib/chat-load.mjs in open loop (RATES) over a grid of API instances ×
// open streams × messages per second, once through PostgreSQL's LISTEN/NOTIFY and once through Redis
// (EVENTS_BROKER_URL, when one answers on 127.0.0.1:6379), each cell on a fresh database. A cell's sweep stops at
// the first rate whose p99 passes STOP_P99_MS or that loses a message. Needs PostgreSQL on 127.0.0.1:5432.
// Writes bench/results/chat-curve.json and prints one table (docs/chat.md reads it).
//   node tools/bench/chat-curve.mjs
//   CURVE_INSTANCES=1,2,4 CURVE_CHATS=250,1000 CURVE_RATES=100,200,400,800 node tools/bench/chat-curve.mjs
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root } from '../run/apps.mjs';
import { resultsDir } from './common.mjs';

const list = (value, fallback) => (value ?? fallback).split(',').filter(Boolean).map(Number);
const INSTANCES = list(process.env.CURVE_INSTANCES, '1,2,4');
const CHATS = list(process.env.CURVE_CHATS, '250,1000');
const RATES = process.env.CURVE_RATES ?? '100,200,400,600,800,1200';
const REDIS_URL = process.env.CURVE_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether something accepts connections on host:port within a second. */
function answers(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** One cell of the grid: a fresh database, the servers, the sweep; its result file, or null on failure. */
function runCell({ instances, chats, broker }) {
  const file = path.join(
    os.tmpdir(),
    `referio-chat-curve-${process.pid}-${instances}-${chats}-${broker}.json`,
  );
  const env = {
    ...process.env,
    INSTANCES: String(instances),
    CHATS: String(chats),
    RATES,
    STEP_SECONDS: process.env.STEP_SECONDS ?? '5',
    CONCURRENCY: '50',
    BENCH_TIMEOUT_MS: '600000',
    RESULT_FILE: file,
  };
  if (broker === 'redis') env.EVENTS_BROKER_URL = REDIS_URL;
  else delete env.EVENTS_BROKER_URL;
  const script = path.join(root, 'tools', 'bench', 'lib', 'chat-load.mjs');
  const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  console.log(`\n### ${instances} instance(s), ${2 * chats} streams, ${broker} (load ${load})`);
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'tools', 'bench', 'with-pg.mjs'), script],
    {
      cwd: root,
      stdio: 'inherit',
      env,
    },
  );
  if (!fs.existsSync(file)) return null;
  const result = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.rmSync(file);
  return { ...result, loadBefore: Number(load), exitStatus: r.status };
}

/** The highest rate a cell held with p99 ≤ 100 ms and nothing lost. */
function heldAt(cell) {
  const ok = cell.steps.filter((s) => s.lost === 0 && s.sendErrors === 0 && s.latencyMs.p99 <= 100);
  return ok.length ? Math.max(...ok.map((s) => s.rate)) : 0;
}

const brokers = ['database'];
if (await answers('127.0.0.1', 6379)) brokers.push('redis');
else console.log('(no Redis on 127.0.0.1:6379: LISTEN/NOTIFY only)');
const cells = [];
for (const broker of brokers)
  for (const chats of CHATS)
    for (const instances of INSTANCES) {
      const cell = runCell({ instances, chats, broker });
      if (cell) cells.push(cell);
    }

console.log(
  '\n| fan-out | instances | streams | rate (msg/s) | achieved | median | p99 | max | lost |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const c of cells)
  for (const s of c.steps)
    console.log(
      `| ${c.broker} | ${c.instances} | ${c.streams} | ${s.rate} | ${s.achievedPerSec} | ${s.latencyMs.median} | ${s.latencyMs.p99} | ${s.latencyMs.max} | ${s.lost} |`,
    );
console.log('\nHighest rate held at p99 ≤ 100 ms, nothing lost:');
for (const c of cells)
  console.log(
    `  ${c.broker}, ${c.instances} instance(s), ${c.streams} streams: ${heldAt(c)} msg/s`,
  );
const out = path.join(resultsDir, 'chat-curve.json');
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(
  out,
  `${JSON.stringify({ when: new Date().toISOString(), cpus: os.cpus().length, cells }, null, 2)}\n`,
);
console.log(`wrote ${path.relative(root, out)}`);
process.exit(cells.length === brokers.length * CHATS.length * INSTANCES.length ? 0 : 1);
