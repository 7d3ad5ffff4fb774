#!/usr/bin/env node
// The public job search's garbage: bytes of JavaScript heap the API allocates per request, independent of the
// machine's load (a count, not a timing). One API process (api/dist/server.js, search cache off) with
// tools/bench/lib/alloc-probe.cjs preloaded and a young generation large enough (SEMI_SPACE_MB) that nothing
// is collected while it is measured: after a forced collection, REQUESTS requests one at a time, and the used
// heap's growth divided by them (the probe checks no collection happened in between). ROUNDS rounds of
// /api/health (the floor: what any request costs) and of the signed-out search mix (benchSearchTerms(), as
// api-load's open loop sends it), medians reported; then V8's sampling heap profiler over one pass of the
// mix names the functions and packages that allocate most. Writes bench/results/search-alloc.json.
//
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/referio_bench_se npm run bench search-alloc
//   npm run bench search-alloc      # a fresh database with JOBS (20,000) posts, dropped afterwards
//   API_ENTRY=api/dist-main/server.js npm run bench search-alloc   # another build of the API
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from '../run/apps.mjs';
import { waitForUrl } from '../run/stack.mjs';
import { benchApiEnv, median, printTable, writeResult } from './common.mjs';
import { benchDatabase } from './lib/bench-db.mjs';
import { benchSearchTerms, seedBench } from './lib/seed.mjs';

const PORT = Number(process.env.ALLOC_API_PORT || 4187);
/** The API's entry (another build to compare with, e.g. a copy of main's dist beside api/dist). */
const API_ENTRY = process.env.API_ENTRY || 'api/dist/server.js';
const ROUNDS = Number(process.env.ROUNDS || 3);
const JOBS = Number(process.env.JOBS || 20_000);
const SEMI_SPACE_MB = Number(process.env.SEMI_SPACE_MB || 256);
const base = `http://127.0.0.1:${PORT}`;
const SEARCHES = benchSearchTerms();
const REQUESTS = Number(process.env.REQUESTS || SEARCHES.length);

/** The API with the probe, over an IPC channel the probe answers on. */
function startProbedApi(dbUrl, dataDir) {
  const probe = fileURLToPath(new URL('./lib/alloc-probe.cjs', import.meta.url));
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      `--min-semi-space-size=${SEMI_SPACE_MB}`,
      `--max-semi-space-size=${SEMI_SPACE_MB}`,
      '--require',
      probe,
      API_ENTRY,
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        ...benchApiEnv(dataDir, dbUrl, { SEARCH_CACHE_SECONDS: '0', PORT: String(PORT) }),
        NODE_OPTIONS: '',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const ask = (probeMsg) =>
    new Promise((resolve, reject) => {
      const onMessage = (m) => {
        if (m?.probeAnswer !== probeMsg) return;
        child.off('message', onMessage);
        if (m.error) reject(new Error(m.error));
        else resolve(m);
      };
      child.on('message', onMessage);
      child.send({ probe: probeMsg });
    });
  return { child, ask };
}

async function health() {
  const res = await fetch(`${base}/api/health`);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`health: ${res.status}`);
}

async function search(i) {
  const x = SEARCHES[i % SEARCHES.length];
  const res = await fetch(`${base}/api/jobPost/getAllJobPost`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(x.body),
  });
  const json = await res.json();
  if (!res.ok || !json.success) throw new Error(`search '${x.label}': ${res.status}`);
}

/** Bytes of heap allocated per request of `send`, over REQUESTS requests one at a time. */
async function perRequest(ask, send) {
  await ask('mark');
  for (let i = 0; i < REQUESTS; i += 1) await send(i);
  const r = await ask('read');
  return { bytes: Math.round(r.heapBytes / REQUESTS), external: r.externalBytes, gcs: r.gcs };
}

async function measure(ask) {
  for (let i = 0; i < 2 * SEARCHES.length; i += 1) await search(i);
  for (let i = 0; i < 200; i += 1) await health();
  const rounds = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    rounds.push({ what: 'health', round: r + 1, ...(await perRequest(ask, health)) });
    rounds.push({ what: 'search', round: r + 1, ...(await perRequest(ask, search)) });
  }
  await ask('sample');
  for (let i = 0; i < SEARCHES.length; i += 1) await search(i);
  const top = await ask('top');
  return { rounds, top };
}

async function main() {
  const { db, dataDir, release } = await benchDatabase('referio-alloc-');
  let api;
  try {
    if (!process.env.BENCH_PG_URL)
      await seedBench({ databaseUrl: db.url, jobs: JOBS, companies: 2000, log: console.log });
    api = startProbedApi(db.url, dataDir);
    await waitForUrl(`${base}/api/health`, 300_000);
    const { rounds, top } = await measure(api.ask);
    const invalid = rounds.filter((r) => r.gcs > 0);
    if (invalid.length > 0)
      console.log(
        `collections during ${invalid.length} rounds: raise SEMI_SPACE_MB or lower REQUESTS`,
      );
    printTable(
      rounds.map((r) => ({
        what: r.what,
        round: r.round,
        'heap B/request': r.bytes,
        'external B (all)': r.external,
        collections: r.gcs,
      })),
    );
    const valid = (what) =>
      rounds.filter((r) => r.what === what && r.gcs === 0).map((r) => r.bytes);
    const result = {
      database: db.name,
      api: API_ENTRY,
      requests: REQUESTS,
      healthBytes: median(valid('health')),
      searchBytes: median(valid('search')),
      rounds,
      top,
    };
    console.log(
      `\nper request (median of ${ROUNDS} rounds of ${REQUESTS}): search ${result.searchBytes} B, health ${result.healthBytes} B`,
    );
    console.log(`\nsampled allocation over one pass of the mix: ${top.sampledBytes} B`);
    printTable(top.packages.map((p) => ({ package: p.what, bytes: p.bytes })));
    console.log('');
    printTable(top.functions.map((f) => ({ function: f.what, bytes: f.bytes })));
    const file = writeResult('search-alloc', result);
    console.log(`\n→ ${path.relative(root, file)}`);
  } finally {
    if (api) {
      const gone = new Promise((r) => api.child.once('exit', r));
      api.child.kill('SIGTERM');
      await gone;
    }
    await release();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
