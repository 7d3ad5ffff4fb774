#!/usr/bin/env node
// Search suggestions' latency (GET /api/jobPost/suggest, docs/search.md): one API process (node
// api/dist/server.js, SEED=false, the cache off: SEARCH_CACHE_SECONDS=0) on a seeded PostgreSQL database
// (tools/bench/lib/seed.mjs: JOBS posts, COMPANIES companies), asked one prefix at a time, class by class:
// one letter, two, three, a whole word, a second word begun ('senior so'), upper case and accents
// ('BENG', 'pÿth'), a company's name begun, nothing matching. Each prefix once to warm up, then REPEAT
// timed requests (client side, sequential: latency, not throughput). Then EXPLAIN (ANALYZE, BUFFERS) of
// the slowest prefix's statement with its plpgsql statements (auto_explain): every read is an index range
// or probe, never a scan of job_posts. Prints p50/p90/p99/max per class and writes
// bench/results/suggest.json.
//
//   npm run bench suggest                                   # a fresh database of 1,000,000 posts, dropped after
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/referio_bench_se node tools/bench/suggest.mjs
//     (a seeded database, kept; the API migrates it: the suggestions' functions and index)
//   BENCH_PG_URL=… REPEAT=2 PER_CLASS=5 node tools/bench/suggest.mjs   # a quick check
import os from 'node:os';
import { seededBenchDatabase } from './lib/bench-db.mjs';
import { startApi, waitForUrl } from '../run/stack.mjs';
import { benchApiEnv, benchSize, median, percentile, printTable, writeResult } from './common.mjs';
import { pgClient } from './lib/api.mjs';
import { benchSearchTerms } from './lib/seed.mjs';

const Client = pgClient();
const REPEAT = Number(process.env.REPEAT || 20);
/** At most this many prefixes a class. */
const PER_CLASS = Number(process.env.PER_CLASS || 40);
const PORT = Number(process.env.BENCH_API_PORT || 4100);
const base = `http://127.0.0.1:${PORT}`;
/** Goal at a million posts, cache off: p99 of every prefix's requests. */
const GOAL_P99_MS = 10;

const distinct = (xs) => [...new Set(xs)].slice(0, PER_CLASS);
const accented = (w) => w.replace('e', 'é').replace('a', 'á').replace('o', 'ö');

/** The prefixes, by class, from the seeded vocabulary (benchSearchTerms: titles, skills, places, names). */
function prefixClasses() {
  const terms = benchSearchTerms().map((t) => t.body.search);
  const words = terms.filter((t) => !t.includes(' ') && /^[a-z]/.test(t));
  const pairs = terms.filter((t) => t.split(' ').length === 2);
  const long = words.filter((w) => w.length >= 4);
  return {
    'one letter': distinct(words.map((w) => w[0])),
    'two letters': distinct(words.map((w) => w.slice(0, 2))),
    'three letters': distinct(long.map((w) => w.slice(0, 3))),
    'whole word': distinct(long),
    'second word begun': distinct(pairs.map((p) => p.slice(0, p.indexOf(' ') + 3))),
    'case and accents': distinct(
      long.map((w, i) => (i % 2 ? w.slice(0, 4).toUpperCase() : accented(w.slice(0, 5)))),
    ),
    'company begun': distinct(
      pairs.filter((p) => /^[a-z]+ [a-z]+$/.test(p)).map((p) => p.slice(0, p.length - 2)),
    ),
    'nothing matches': ['zzq', 'qxj', 'xylophon', 'jjjjj', 'wq'].slice(0, PER_CLASS),
  };
}

/** One request's time in ms and its number of suggestions. */
async function ask(q) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/jobPost/suggest?q=${encodeURIComponent(q)}`);
  const body = await res.json();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`'${q}': ${res.status} ${JSON.stringify(body)}`);
  return { ms, count: body.data.length };
}

/** Every prefix of every class: a warm-up, then REPEAT timed requests. */
async function timeAll(classes) {
  const runs = [];
  for (const [cls, prefixes] of Object.entries(classes)) {
    for (const q of prefixes) {
      const { count } = await ask(q);
      const ms = [];
      for (let i = 0; i < REPEAT; i++) ms.push((await ask(q)).ms);
      runs.push({ class: cls, q, count, ms });
    }
    console.log(`${cls}: ${prefixes.length} prefixes timed (load ${os.loadavg()[0].toFixed(1)})`);
  }
  return runs;
}

function summarise(runs) {
  const classes = [...new Set(runs.map((r) => r.class)), 'all'];
  return classes.map((cls) => {
    const of = runs.filter((r) => cls === 'all' || r.class === cls);
    const xs = of.flatMap((r) => r.ms);
    return {
      class: cls,
      prefixes: of.length,
      'mean suggestions': (of.reduce((n, r) => n + r.count, 0) / of.length).toFixed(1),
      p50: median(xs).toFixed(2),
      p90: percentile(xs, 90).toFixed(2),
      p99: percentile(xs, 99).toFixed(2),
      max: Math.max(...xs).toFixed(2),
    };
  });
}

/** EXPLAIN (ANALYZE, BUFFERS) of the API's statement for `q`, with the function's statements that read pages. */
async function explain(url, q) {
  const client = new Client({ connectionString: url });
  await client.connect();
  const notices = [];
  client.on('notice', (n) => notices.push(n.message));
  try {
    await client.query(`LOAD 'auto_explain'; SET auto_explain.log_min_duration = 0;
      SET auto_explain.log_analyze = on; SET auto_explain.log_buffers = on;
      SET auto_explain.log_nested_statements = on; SET client_min_messages = log`);
    const r = await client.query({
      text: 'EXPLAIN (ANALYZE, BUFFERS) SELECT * FROM referio_search_suggest($1::text, 8)',
      values: [q],
    });
    const top = r.rows.map((row) => row['QUERY PLAN']).join('\n');
    return `${top}\n\n-- its statements that read pages:\n${notices.filter((n) => n.includes('Buffers:')).join('\n\n')}`;
  } finally {
    await client.end().catch(() => {});
  }
}

async function main() {
  const { db, dataDir, release } = await seededBenchDatabase('referio-suggest-', benchSize());
  let api = null;
  try {
    api = startApi({
      port: PORT,
      quiet: true,
      env: benchApiEnv(dataDir, db.url, { SEARCH_CACHE_SECONDS: '0' }),
    });
    await waitForUrl(`${base}/api/health`, 600_000);
    const runs = await timeAll(prefixClasses());
    const rows = summarise(runs);
    printTable(rows);
    const slowest = runs.reduce((a, b) => (median(b.ms) > median(a.ms) ? b : a));
    const plan = await explain(db.url, slowest.q);
    console.log(`\nslowest prefix '${slowest.q}' (${slowest.class}):\n${plan}`);
    const all = rows.find((r) => r.class === 'all');
    const file = writeResult('suggest', {
      database: db.name,
      repeat: REPEAT,
      rows,
      runs,
      slowest: { q: slowest.q, class: slowest.class, plan },
      p99Ms: Number(all.p99),
      goalP99Ms: GOAL_P99_MS,
    });
    console.log(`\n${file}`);
  } finally {
    if (api) {
      const gone = new Promise((r) => api.once('exit', r));
      api.kill('SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
    }
    await release();
  }
}

await main();
