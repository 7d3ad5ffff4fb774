#!/usr/bin/env node
// The job list with the referrers' responsiveness against the same list without it (goal: p99 ≤ 1.5x), on
// PostgreSQL: JOBS job posts (default 100,000; tools/bench/lib/seed.mjs) and REQUESTS referral
// requests (default 1,000,000 from 10,000 candidates over 180 days; tools/bench/lib/responsiveness-load.mjs,
// generate_series in the database), in a fresh database referio_bench_<random> on 127.0.0.1:5432
// (PG_ADMIN_URL to change), dropped afterwards.
//
// Two API processes over that database, the search cache off (SEARCH_CACHE_SECONDS=0): one with
// JOB_LIST_RESPONSIVENESS=true (the product), one with false. Anonymous POST /api/jobPost/getAllJobPost
// pages of 9 jobs (start 0, 9, … cycled over PAGES pages, so the referrers differ from request to
// request), CONNECTIONS (32) connections, DURATION seconds, ROUNDS interleaved rounds (with, without,
// with, without, …): every round's p99 is printed, and the goal is the median p99 with responsiveness
// within 1.5x of the median p99 without. Prints EXPLAIN (ANALYZE, BUFFERS) of the first page both ways
// (the responsiveness as a primary-key probe of referrer_responsiveness, kept by the database: migration
// 0020) and what keeping it costs (the trigger's refresh of one referrer, the backfill of all). Writes
// bench/results/responsiveness.json.
//
//   node tools/bench/responsiveness.mjs        # or: npm run bench responsiveness
//   ROUNDS=3 DURATION=5 node tools/bench/responsiveness.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApi, waitForUrl } from '../run/stack.mjs';
import { benchApiEnv, median, printTable, writeResult } from './common.mjs';
import { buildApi } from './lib/api.mjs';
import { CONNECTIONS, DURATION, warmThenMeasure } from './lib/cannon.mjs';
import { seedBench } from './lib/seed.mjs';
import { explainJobList, measureRefresh, seedRequests } from './lib/responsiveness-load.mjs';
import { freshDatabase } from '../../api/scripts/pg-admin.mjs';

const ROUNDS = Number(process.env.ROUNDS || 5);
const JOBS = Number(process.env.JOBS || 100_000);
const REQUESTS = Number(process.env.REQUESTS || 1_000_000);
const PAGES = Number(process.env.PAGES || 20);
const GOAL_RATIO = 1.5;
/** Two free high ports of our own (the stack's 3000-3004 and 4000 are left alone). */
const BASE_PORT = Number(
  process.env.BENCH_RESP_PORT || 41_000 + Math.floor(Math.random() * 10_000),
);
const PORTS = { with: BASE_PORT, without: BASE_PORT + 1 };

let cursor = 0;
const bodies = Array.from({ length: PAGES }, (_, i) => ({ start: i * 9, limit: 9 }));

async function load(which) {
  const opts = {
    url: `http://127.0.0.1:${PORTS[which]}`,
    requests: [
      {
        method: 'POST',
        path: '/api/jobPost/getAllJobPost',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: JSON.stringify(bodies[cursor++ % PAGES]) }),
      },
    ],
  };
  const r = await warmThenMeasure(opts);
  return {
    rps: r.requests.p50,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    bad: r.non2xx + r.errors + r.timeouts,
  };
}

/** Which indexes a plan reads, and whether it touches referral_requests' heap. */
function readPlan(plan) {
  const indexes = [
    ...new Set(
      [...plan.matchAll(/(?:Index(?: Only)? Scan(?: Backward)?) using (\w+)/g)].map((m) => m[1]),
    ),
  ];
  const seqScans = [...new Set([...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]))];
  const heapFetches = [...plan.matchAll(/Heap Fetches: (\d+)/g)].map((m) => Number(m[1]));
  const ms = Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? NaN);
  return { indexes, seqScans, heapFetches, ms };
}

async function main() {
  await buildApi();
  let db = null;
  const apis = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-bench-resp-'));
  try {
    db = await freshDatabase('referio_bench');
    console.log(`PostgreSQL database ${new URL(db.url).pathname.slice(1)}`);
    const seed = await seedBench({
      databaseUrl: db.url,
      jobs: JOBS,
      companies: Math.max(100, Math.round(JOBS / 20)),
      referrers: Math.max(10, Math.round(JOBS / 50)),
      log: console.log,
    });
    const requests = await seedRequests({
      databaseUrl: db.url,
      requests: REQUESTS,
      log: console.log,
    });

    const plans = await explainJobList({ databaseUrl: db.url });
    const explained = { with: readPlan(plans.with), without: readPlan(plans.without) };
    for (const which of ['without', 'with']) {
      console.log(
        `\nEXPLAIN (ANALYZE, BUFFERS) the first page of 9 jobs, ${which} responsiveness:`,
      );
      console.log(plans[which].replace(/^/gm, '    '));
      const e = explained[which];
      console.log(
        `  → indexes: ${e.indexes.join(', ') || 'none'}${e.seqScans.length ? `; SEQ SCAN on ${e.seqScans.join(', ')}` : ''}; heap fetches ${e.heapFetches.join('/') || '–'}; ${e.ms} ms`,
      );
    }
    const onIndex =
      explained.with.indexes.includes('referrer_responsiveness_pkey') &&
      !explained.with.seqScans.includes('referrer_responsiveness') &&
      !explained.with.seqScans.includes('referral_requests');
    const refresh = await measureRefresh({ databaseUrl: db.url });
    console.log(
      `\nkeeping the figures: refresh of one referrer (what the trigger adds to a write) median ${refresh.oneMedianMs.toFixed(2)} ms, max ${refresh.oneMaxMs.toFixed(2)} ms over the ${refresh.samples} busiest; all ${refresh.allReferrers} referrers at once (backfill) ${refresh.allMs} ms`,
    );

    for (const which of ['with', 'without']) {
      const api = startApi({
        port: PORTS[which],
        quiet: true,
        env: benchApiEnv(dataDir, db.url, {
          LOG_LEVEL: 'warn',
          SESSION_SECRET: 'bench-resp-secret-bench-resp-secret-00',
          SEARCH_CACHE_SECONDS: '0',
          MAIL_WORKER: 'false',
          JOB_LIST_RESPONSIVENESS: which === 'with' ? 'true' : 'false',
        }),
      });
      apis.push(api);
      await waitForUrl(`http://127.0.0.1:${PORTS[which]}/api/health`, 60_000);
    }
    // What the answers hold (so the figures mean something).
    const sample = await (
      await fetch(`http://127.0.0.1:${PORTS.with}/api/jobPost/getAllJobPost`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ start: 0, limit: 9 }),
      })
    ).json();
    console.log(
      `\nfirst page's figures: ${sample.data.map((j) => `${j.responsiveness.answered}/${j.responsiveness.received}`).join(', ')}`,
    );

    const rounds = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const w = await load('with');
      const wo = await load('without');
      rounds.push({ with: w, without: wo });
      console.log(
        `round ${i + 1}: with p99 ${w.p99} ms (${w.rps} req/s), without p99 ${wo.p99} ms (${wo.rps} req/s): ${(w.p99 / Math.max(1, wo.p99)).toFixed(2)}x (load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')})`,
      );
    }
    const m = (which, k) => median(rounds.map((r) => r[which][k]));
    const p99With = m('with', 'p99');
    const p99Without = m('without', 'p99');
    const ratio = p99With / Math.max(1, p99Without);
    const met = ratio <= GOAL_RATIO && onIndex;
    console.log('');
    printTable(
      ['with', 'without'].map((which) => ({
        [`getAllJobPost, 9 jobs, ${CONNECTIONS} connections, cache off`]: `${which} responsiveness`,
        'req/s (median)': m(which, 'rps'),
        'p50 ms': m(which, 'p50'),
        'p99 ms (median)': m(which, 'p99'),
        'p99 per round': rounds.map((r) => r[which].p99).join(' '),
        'non-2xx/errors': rounds.reduce((n, r) => n + r[which].bad, 0),
      })),
    );
    console.log(
      `goal (p99 with ≤ ${GOAL_RATIO}x without, on the index): ${met ? 'met' : 'MISSED'} (${ratio.toFixed(2)}x; ${onIndex ? 'primary-key probes of referrer_responsiveness' : 'NOT on the primary key'})`,
    );
    writeResult('responsiveness', {
      jobs: JOBS,
      requests: requests.requests,
      seed,
      seedRequests: requests,
      connections: CONNECTIONS,
      duration: DURATION,
      rounds,
      p99With,
      p99Without,
      ratio,
      goalRatio: GOAL_RATIO,
      onIndex,
      refresh,
      loadAverage: os.loadavg(),
      met,
      explain: { with: plans.with.split('\n'), without: plans.without.split('\n') },
    });
    return met;
  } finally {
    for (const api of apis) {
      if (api.exitCode === null && api.signalCode === null) {
        const gone = new Promise((r) => api.once('exit', r));
        api.kill('SIGTERM');
        await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
      }
    }
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (met) => process.exit(met ? 0 : 1),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
