#!/usr/bin/env node
// API under load (its latency goals): autocannon against one API process, on PGlite and on PostgreSQL.
//
// For each backend: seed COMPANIES companies and JOBS job posts (tools/bench/lib/seed.mjs; PostgreSQL
// 50,000 and 1,000,000 by default, PGlite PGLITE_COMPANIES / PGLITE_JOBS, 5,000 and 100,000) and, in a
// child process, EXPLAIN (ANALYZE) every search of the mix (page and bounded total) and the by-id
// queries; print the plans of the slowest search with the indexes they use. Then ONE API process
// (node api/dist/server.js on 127.0.0.1:BENCH_API_PORT, SEED=false) with the search cache OFF
// (SEARCH_CACHE_SECONDS=0), the bench candidate signed in, and each after a warm-up:
//   GET /api/health; POST /api/jobPost/getAllJobPost cycling through the search mix (benchSearchTerms():
//   300+ bodies from the seeded vocabulary, common and rare words, one and two words, a third with a
//   filter; a global cursor, so no two consecutive requests repeat); GET /api/jobPost/GetById.
// CONNECTIONS connections for DURATION seconds, ROUNDS interleaved rounds. Prints req/s (the median of
// autocannon's per-second samples, then of the rounds), p50 and p99 latency (medians of the rounds) and
// the ratio to /api/health of the same process. Then a second API process with the default search cache
// (SEARCH_CACHE_SECONDS=10) runs health and the mix again and reports the cache's hit rate (from the
// answers' x-search-cache header). Writes bench/results/api-load.json. PostgreSQL: a fresh database
// referio_bench_<random> on 127.0.0.1:5432 (PG_ADMIN_URL to change), dropped afterwards; skipped with a
// note when none answers.
// Goal on PostgreSQL, cache off: search p99 ≤ 25 ms and ≥ 30 % of health's req/s at 32 connections.
//
// With OPEN_LOOP=1: the open-loop mode instead (`openLoopBench`): on PostgreSQL, the signed-out search
// mix's closed-loop maximum, then fixed arrival rates at LOADS (25/50/75 %) of it, each beside
// /api/health at the same rate on the same API, each round measured after OPEN_WARMUP_SECONDS (2) at its
// rate on the same connections (their p99 printed too), every round printed with the load average (the search
// tail's goal, docs/search.md: p99 at 50 % ≤ 25 ms and ≤ 3x health's). MIXES (e.g.
// MIXES=words,prefix,phrase) runs the mix typed each way (`MIX_OF`) side by side, the rates being
// shares of the first one's maximum.
//
//   node tools/bench/api-load.mjs            # or: npm run bench api-load
//   BACKENDS=pg ROUNDS=1 DURATION=3 JOBS=20000 node tools/bench/api-load.mjs
//   BENCH_PG_URL=postgres://…/db node tools/bench/api-load.mjs   # reuse a database (not dropped)
//   BENCH_PG_URL=… OPEN_LOOP=1 MIXES=words,prefix,phrase node tools/bench/api-load.mjs
//   BENCH_PG_URL=… OPEN_LOOP=1 PROBE=1 API_NODE_OPTIONS=--max-semi-space-size=64 node tools/bench/api-load.mjs
//     (the open loop's slowest requests beside the API's GC pauses and loop stalls; Node options for the API)
//   BENCH_PG_URL=… OPEN_LOOP=1 OPEN_MAX=464 LOADS=0.5 API_ENV=DB_SEARCH_POOL_MAX=2 node tools/bench/api-load.mjs
//     (a variant at the rates of an earlier run's maximum; extra environment for the API)
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from '../run/apps.mjs';
import { run, startApi, waitForUrl } from '../run/stack.mjs';
import { benchApiEnv, benchSize, median, percentile, printTable, writeResult } from './common.mjs';
import { apiDir, apiRequire, buildApi, pgClient } from './lib/api.mjs';
import { CONNECTIONS, DURATION, WARMUP, warmThenMeasure } from './lib/cannon.mjs';
import { BENCH_CANDIDATE, benchSearchTerms, seedBench } from './lib/seed.mjs';
import { openLoopProcess } from './lib/open-loop.mjs';
import { cpuPerRequest, cpuSnapshot } from './lib/cpu.mjs';

const Client = pgClient();

const PORT = Number(process.env.BENCH_API_PORT || 4100);
/** ROUNDS interleaved rounds of each endpoint (lib/cannon.mjs: how long each), medians reported. */
const ROUNDS = Number(process.env.ROUNDS || 3);
const PG_SIZE = benchSize();
/** PGlite holds its whole database in this process's memory: a tenth of the PostgreSQL size by default. */
const PGLITE_JOBS = Number(process.env.PGLITE_JOBS || 100_000);
const PGLITE_COMPANIES = Number(process.env.PGLITE_COMPANIES || 5_000);
const sizeOf = (kind) =>
  kind === 'pg' ? PG_SIZE : { jobs: PGLITE_JOBS, companies: PGLITE_COMPANIES };
const BACKENDS = (process.env.BACKENDS || 'pglite,pg').split(',').map((s) => s.trim());
const ADMIN_URL = process.env.PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SEARCHES = benchSearchTerms();
/**
 * The searches of the mix as typed another way (MIXES, with OPEN_LOOP): 'words' as they are; 'prefix' with
 * the last word cut short as while typing (its first half, at least two letters: 'bengaluru' → 'benga');
 * 'phrase' the searches of two words or more, quoted ("senior engineer").
 */
const MIX_OF = {
  words: (xs) => xs,
  prefix: (xs) =>
    xs.map((x) => {
      const words = (x.body.search ?? '').split(' ');
      const last = words.pop() ?? '';
      const cut = last.slice(0, Math.max(2, Math.ceil(last.length / 2)));
      const search = [...words, cut].join(' ');
      return { label: search, body: { ...x.body, search } };
    }),
  phrase: (xs) =>
    xs
      .filter((x) => (x.body.search ?? '').includes(' '))
      .map((x) => ({
        label: `"${x.body.search}"`,
        body: { ...x.body, search: `"${x.body.search}"` },
      })),
};
const GOAL = { searchRatio: 0.3, p99Ms: 25 };
/** The whole benchmark is bounded: every step checks this. */
const DEADLINE = Date.now() + Number(process.env.BENCH_TIMEOUT_MS || 15 * 60_000);
let base = `http://127.0.0.1:${PORT}`;

function checkDeadline(step) {
  if (Date.now() > DEADLINE) throw new Error(`api-load: out of time before ${step}`);
}

// --- PostgreSQL: a fresh database, as api/scripts/test-pg.mjs makes them ----------------------------

async function pgAdmin() {
  const client = new Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return client;
  } catch (err) {
    await client.end().catch(() => {});
    // As root, the postgres OS user may create the role test:pg uses (same fallback as test-pg.mjs).
    if (
      typeof process.getuid === 'function' &&
      process.getuid() === 0 &&
      !process.env.PG_ADMIN_URL
    ) {
      try {
        execFileSync('su', ['postgres', '-c', 'psql -v ON_ERROR_STOP=1 -q'], {
          input: `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'referio_test') THEN
            CREATE ROLE referio_test LOGIN CREATEDB PASSWORD 'referio_test'; END IF; END $$;`,
          stdio: ['pipe', 'ignore', 'ignore'],
        });
        const u = new URL(ADMIN_URL);
        u.username = 'referio_test';
        u.password = 'referio_test';
        const fallback = new Client({
          connectionString: u.toString(),
          connectionTimeoutMillis: 3000,
        });
        await fallback.connect();
        fallback.adminUrl = u.toString();
        return fallback;
      } catch {
        // fall through
      }
    }
    console.log(
      `PostgreSQL: skipped (nothing answers as ${new URL(ADMIN_URL).host}: ${err.message})`,
    );
    return null;
  }
}

async function createPgDatabase() {
  const admin = await pgAdmin();
  if (!admin) return null;
  const name = `referio_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(admin.adminUrl || ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

// --- HTTP helpers -----------------------------------------------------------------------------------

async function call(method, url, { body, cookie } = {}) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return { json, res };
}

/** Signs the bench candidate in the way the site does: a code by (dev) mail, then verifyOtp. */
async function signIn() {
  await call('POST', '/api/auth/login', { body: { email: BENCH_CANDIDATE, roleId: 0 } });
  const mail = await call('GET', `/api/dev/mail?to=${encodeURIComponent(BENCH_CANDIDATE)}`);
  const code = mail.json.data[0]?.text.match(/\b(\d{4})\b/)?.[1];
  if (!code) throw new Error('no sign-in code in the dev mailbox');
  const { json, res } = await call('POST', '/api/auth/verifyOtp', {
    body: { email: BENCH_CANDIDATE, otp: code, roleId: 0 },
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('referio_sid='));
  if (!cookie) throw new Error('verifyOtp set no session cookie');
  return { cookie, userId: json.data._id };
}

/** Where the search mix is: one cursor for every connection, so consecutive requests differ. */
let mixCursor = 0;

/**
 * Warm-up, then the measured run; req/s is the median of autocannon's per-second samples. With `bodies`,
 * each request takes the next body of the list (cycling), and answers are counted by their
 * x-search-cache header (hit or miss).
 */
async function load(label, url, { method = 'GET', body, bodies, cookie } = {}) {
  checkDeadline(label);
  const headers = {
    ...(body || bodies ? { 'content-type': 'application/json' } : {}),
    ...(cookie ? { cookie } : {}),
  };
  const cache = { hit: 0, miss: 0 };
  const opts = bodies
    ? {
        url: base,
        requests: [
          {
            method,
            path: url,
            headers,
            setupRequest: (req) => {
              const next = bodies[mixCursor % bodies.length];
              mixCursor += 1;
              return { ...req, body: JSON.stringify(next) };
            },
            onResponse: (status, _body, _context, resHeaders) => {
              const h = Array.isArray(resHeaders)
                ? resHeaders[
                    resHeaders.findIndex((x) => String(x).toLowerCase() === 'x-search-cache') + 1
                  ]
                : resHeaders?.['x-search-cache'];
              if (h === 'hit') cache.hit += 1;
              else if (h === 'miss') cache.miss += 1;
            },
          },
        ],
      }
    : { url: base + url, method, headers, body: body ? JSON.stringify(body) : undefined };
  const r = await warmThenMeasure(opts, () => {
    cache.hit = 0;
    cache.miss = 0;
  });
  const out = {
    label,
    requests: r.requests.total,
    rps: r.requests.p50,
    rpsMean: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    ...(bodies ? { cacheHits: cache.hit, cacheMisses: cache.miss } : {}),
  };
  if (out.non2xx || out.errors)
    console.log(`  ! ${label}: ${out.non2xx} non-2xx, ${out.errors} errors`);
  return out;
}

/** The median of each figure over several runs of one endpoint (requests and errors: summed). */
function medianRun(runs) {
  const m = (k) => median(runs.map((r) => r[k]));
  const sum = (k) => runs.reduce((n, r) => n + r[k], 0);
  return {
    label: runs[0].label,
    rounds: runs.length,
    requests: sum('requests'),
    rps: m('rps'),
    rpsMean: m('rpsMean'),
    p50: m('p50'),
    p99: m('p99'),
    max: Math.max(...runs.map((r) => r.max)),
    non2xx: sum('non2xx'),
    errors: sum('errors'),
    ...(runs[0].cacheHits !== undefined
      ? { cacheHits: sum('cacheHits'), cacheMisses: sum('cacheMisses') }
      : {}),
    perRound: runs.map((r) => ({ rps: r.rps, p99: r.p99 })),
  };
}

// --- EXPLAIN: the same SQL the API sends, built with the API's own query code (api/dist) --------------

/** The verdict on one plan: which indexes it uses, whether it scans job_posts or the postings whole. */
function readPlan(plan) {
  const indexes = [
    ...new Set(
      [
        ...plan.matchAll(
          /(?:Index(?: Only)? Scan(?: Backward)?|Bitmap Index Scan) (?:using|on) (\w+)/g,
        ),
      ].map((m) => m[1]),
    ),
  ];
  const seqScans = [...new Set([...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]))];
  const ms = Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? NaN);
  // The verdict is about the big tables: small ones (a few hundred rows) are read whole by design.
  const big = ['job_posts', 'job_post_words', 'job_search_bits'];
  const readsBig = big.some((t) => new RegExp(`\\b${t}\\b`).test(plan));
  const usesIndex = !readsBig || (indexes.length > 0 && !seqScans.some((t) => big.includes(t)));
  return { usesIndex, indexes, seqScans, ms };
}

async function explainQueries({ databaseUrl, dataDir, viewerId, jobId }) {
  const { openDatabase } = apiRequire(path.join(apiDir, 'dist', 'db', 'index.js'));
  const jobs = apiRequire(path.join(apiDir, 'dist', 'services', 'job-posts.js'));
  const { SessionStore } = apiRequire(path.join(apiDir, 'dist', 'services', 'sessions.js'));
  const { loadConfig } = apiRequire(path.join(apiDir, 'dist', 'config.js'));
  const { fillPlaceholders } = apiRequire(apiRequire.resolve('drizzle-orm', { paths: [apiDir] }));
  const database = await openDatabase({
    url: databaseUrl,
    pgliteDir: databaseUrl ? undefined : path.join(dataDir, 'pglite'),
  });
  const db = database.db;
  const client = db.$client;
  const explainOn =
    (on) =>
    async (q, values = {}) => {
      const { sql: text, params } = q.toSQL();
      const res = await on.query(
        `EXPLAIN (ANALYZE, BUFFERS) ${text}`,
        fillPlaceholders(params, values),
      );
      const plan = res.rows.map((r) => r['QUERY PLAN']).join('\n');
      return { plan, ...readPlan(plan) };
    };
  const explain = explainOn(client);
  // The searches run on the search's own connections (`Database.searchDb`). On PostgreSQL, one of them
  // with auto_explain on, so EXPLAIN ANALYZE of referio_search_page() also shows the plan of every
  // statement inside it (as notices); PGlite shows the call's time only.
  let searchClient = database.searchDb.$client;
  let nested = [];
  let release = () => {};
  if (databaseUrl) {
    const c = await database.searchDb.$client.connect();
    release = () => c.release();
    await c.query(`LOAD 'auto_explain'`);
    await c.query(
      `SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on; SET auto_explain.log_nested_statements = on; SET auto_explain.log_level = 'notice'`,
    );
    c.on('notice', (n) => nested.push(n.message));
    searchClient = c;
  }
  const explainSearchOnce = explainOn(searchClient);
  const explainSearch = async (q) => {
    nested = [];
    const e = await explainSearchOnce(q);
    // The nested statements' plans (auto_explain's "duration: … plan:" notices), the call's own last.
    const inner = nested.filter((m) => !/Query Text: EXPLAIN/i.test(m));
    const plan = inner.length ? `${e.plan}\n${inner.join('\n')}` : e.plan;
    return { ...e, plan, ...readPlan(plan), ms: e.ms };
  };
  // The API's own repository and bound, so these are the queries it sends.
  const config = loadConfig({});
  const repo = new jobs.JobPostRepository(
    db,
    config.SEARCH_TOTAL_BOUND,
    config.JOB_LIST_RESPONSIVENESS,
    database.searchDb,
  );
  const out = { searches: [], queries: [] };
  const sessions = new SessionStore(db, 24 * 60 * 60 * 1000, () => new Date());
  const { token } = await sessions.create(viewerId);
  const lookup = sessions.lookupParams(token);
  try {
    // Every search of the mix as the API answers it to the signed-in candidate (cache off): its one
    // statement (referio_search_page(), the page's posts, the session and isApplied), EXPLAINed; `way`,
    // the read the tokens' counts choose (docs/search.md).
    for (const { label, body } of SEARCHES) {
      const { search, start, limit, ...filters } = body;
      const q = { search, filters, status: 'active', start, limit, viewerId: null };
      // The tokens as the search statement reads them (referio_words(), referio_filter_tokens()).
      const f = (k) => filters[k] ?? null;
      const tokens = (
        await client.query(
          'select referio_words($1) || referio_filter_tokens($2, $3, $4, $5, $6::uuid) as t',
          [search ?? '', f('jobType'), f('location'), f('industry'), f('experience'), f('company')],
        )
      ).rows[0].t;
      const counts = (
        await client.query(
          'select word, jobs, has_bits from job_word_counts where word = any($1::text[])',
          [tokens],
        )
      ).rows;
      const byWord = new Map(counts.map((r) => [r.word, r]));
      const way = tokens.some((w) => !(byWord.get(w)?.jobs > 0))
        ? 'none'
        : tokens.length === 1
          ? 'one token'
          : tokens.every((w) => byWord.get(w).has_bits)
            ? 'bitmaps'
            : tokens.some((w) => byWord.get(w).has_bits)
              ? 'postings + bitmaps'
              : 'postings';
      const plan = { way, tokens: tokens.map((w) => `${w} (${byWord.get(w)?.jobs ?? 0})`) };
      const seen = [];
      await repo.publicSearchWithSession(q, lookup, (step, query) => seen.push({ step, query }));
      const steps = [];
      for (const { step, query } of seen) steps.push({ step, ...(await explainSearch(query)) });
      out.searches.push({ label, plan, steps, ms: steps.reduce((n, x) => n + x.ms, 0) });
    }
    out.searches.sort((x, y) => y.ms - x.ms);
    // A signed-in search answered from the cache: the session and which of the page's jobs were requested.
    const firstPage = await repo.list({ status: 'active', viewerId: null, limit: 9 });
    out.queries.push({
      query: 'search from the cache, signed in: session + isApplied',
      ...(await explain(sessions.lookupQuery({ applied: jobs.appliedAmongJobIds() }), {
        ...lookup,
        jobIds: firstPage.map((j) => j._id),
      })),
    });
    out.queries.push({
      query: 'GetById: session + job + referrer + history',
      ...(await explain(jobs.jobDetailsWithSessionQuery(db), { ...lookup, id: jobId })),
    });
  } finally {
    release();
    await database.close();
  }
  return out;
}

function verdict(e) {
  return (
    `${e.usesIndex ? (e.indexes.length ? `uses indexes: ${e.indexes.join(', ')}` : 'reads no big table') : `NO INDEX (indexes: ${e.indexes.join(', ') || 'none'})`}` +
    `${e.seqScans.length ? `; seq scan on ${e.seqScans.join(', ')}` : ''}; ${e.ms} ms`
  );
}

function printExplain(kind, explained) {
  const s = explained.searches;
  const times = s.map((x) => x.ms);
  const noIndex = s.filter((x) => x.steps.some((e) => !e.usesIndex));
  const none = s.filter((x) => x.plan.way === 'none').length;
  const ways = {};
  for (const x of s) ways[x.plan.way] = (ways[x.plan.way] ?? 0) + 1;
  console.log(
    `\nEXPLAIN ANALYZE (${kind}) of all ${s.length} searches (every query a search runs, database time): ` +
      `median ${median(times).toFixed(2)} ms, p90 ${percentile(times, 90).toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms, ` +
      `mean ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(2)} ms; ` +
      `${noIndex.length ? `WITHOUT an index: ${noIndex.map((x) => x.label).join(', ')}` : 'every one on indexes'}` +
      ` (${none} answered from the counts alone: a token no active job has)`,
  );
  console.log(
    `  how: ${Object.entries(ways)
      .map(([way, n]) => `${n} × ${way}`)
      .join('; ')}`,
  );
  console.log(
    `  slowest: ${s
      .slice(0, 8)
      .map((x) => `'${x.label}' ${x.ms.toFixed(2)} ms (${x.plan.way})`)
      .join(', ')}`,
  );
  const slowest = s[0];
  console.log(
    `\nthe slowest search, '${slowest.label}': ${slowest.plan.way} of ${slowest.plan.tokens.join(', ')}`,
  );
  for (const e of slowest.steps) {
    console.log(`\nEXPLAIN ANALYZE (${kind}) the slowest search, '${slowest.label}': ${e.step}`);
    console.log(e.plan.replace(/^/gm, '    '));
    console.log(`  → ${verdict(e)}`);
  }
  for (const e of explained.queries) {
    console.log(`\nEXPLAIN ANALYZE (${kind}) ${e.query}:`);
    console.log(e.plan.replace(/^/gm, '    '));
    console.log(`  → ${verdict(e)}`);
  }
}

// --- One backend ---------------------------------------------------------------------------------------

async function benchBackend(kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `referio-bench-api-${kind}-`));
  let pg = null;
  let api = null;
  const stopApi = async () => {
    if (api && api.exitCode === null && api.signalCode === null) {
      const gone = new Promise((r) => api.once('exit', r));
      api.kill('SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
      if (api.exitCode === null && api.signalCode === null) api.kill('SIGKILL');
    }
    api = null;
  };
  try {
    if (kind === 'pg' && process.env.BENCH_PG_URL) {
      // An existing database (seeded when it lacks the bench data, never dropped): repeated runs.
      pg = {
        name: new URL(process.env.BENCH_PG_URL).pathname.slice(1),
        url: process.env.BENCH_PG_URL,
        drop: async () => {},
      };
      console.log(`\n### PostgreSQL (database ${pg.name}, given by BENCH_PG_URL)`);
    } else if (kind === 'pg') {
      pg = await createPgDatabase();
      if (!pg) return { kind, skipped: 'no PostgreSQL answers on 127.0.0.1:5432' };
      console.log(`\n### PostgreSQL (database ${pg.name})`);
    } else {
      console.log(`\n### PGlite (${dataDir})`);
    }
    const databaseUrl = pg?.url;
    // Seeding and EXPLAIN run in a child process, so the load generator here starts lean (PGlite
    // would otherwise keep the whole database in this process's memory).
    const prepFile = path.join(dataDir, 'prepared.json');
    await run(
      process.execPath,
      [
        fileURLToPath(import.meta.url),
        '--prepare',
        JSON.stringify({ kind, databaseUrl, dataDir, out: prepFile }),
      ],
      { quiet: false },
    );
    const { seeded, jobId, viewerId, explained } = JSON.parse(fs.readFileSync(prepFile, 'utf8'));
    printExplain(kind, explained);

    /** One API process; `extraEnv` on top of the bench settings. */
    const startBenchApi = async (extraEnv = {}) => {
      checkDeadline('the API start');
      api = startApi({
        port: PORT,
        quiet: true,
        env: benchApiEnv(dataDir, databaseUrl ?? '', {
          // The sign-in rate limits, in case a run signs in more than once.
          OTP_IP_MAX: '1000',
          OTP_MAX_PER_HOUR: '1000',
          MAIL_IP_MAX_PER_HOUR: '10000',
          OTP_RESEND_INTERVAL_SECONDS: '0',
          ...extraEnv,
        }),
      });
      const exited = new Promise((_, reject) =>
        api.once('exit', (code) => reject(new Error(`the API exited with ${code}`))),
      );
      await Promise.race([waitForUrl(`${base}/api/health`, 60_000), exited]);
      const session = await signIn();
      if (session.userId !== viewerId) throw new Error('signed in as someone else');
      return session;
    };
    // Signed in (Explore, Give Referral: the answer carries the caller's isApplied) or signed out (the
    // public company list, every visitor's first search: no cookie, no userId).
    const mixRun = (label, cookie, userId) =>
      load(label, '/api/jobPost/getAllJobPost', {
        method: 'POST',
        bodies: SEARCHES.map((x) => (userId ? { ...x.body, userId } : x.body)),
        cookie,
      });
    const withRatios = (runs) => {
      const health = runs[0].rps || runs[0].rpsMean;
      for (const r of runs) r.ratio = Math.round(((r.rps || r.rpsMean) / health) * 100) / 100;
      return runs;
    };

    // The goal's run: the search cache off, so every search is answered by the database.
    const { cookie, userId } = await startBenchApi({ SEARCH_CACHE_SECONDS: '0' });
    // ROUNDS interleaved rounds, the median of each taken: the machine is shared, and a burst of someone
    // else's work then lands on every endpoint instead of on one.
    const label = `getAllJobPost, ${SEARCHES.length} searches cycled, cache off, signed in`;
    const labelOut = `getAllJobPost, ${SEARCHES.length} searches cycled, cache off, signed out`;
    const rounds = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      rounds.push([
        await load('GET /api/health', '/api/health'),
        await mixRun(label, cookie, userId),
        await mixRun(labelOut),
        await load('GetById', `/api/jobPost/GetById/${jobId}/${userId}`, { cookie }),
      ]);
    }
    const runs = withRatios(rounds[0].map((_, i) => medianRun(rounds.map((r) => r[i]))));

    // What the searches answer (so the numbers mean something): totals of a few, capped ones counted.
    const answers = [];
    for (const x of SEARCHES) {
      const { json } = await call('POST', '/api/jobPost/getAllJobPost', { body: x.body, cookie });
      // A page that lost its posts would make every figure above meaningless.
      const expected = Math.min(json.total - x.body.start, x.body.limit);
      if (expected > 0 && json.data.length !== expected)
        throw new Error(
          `'${x.label}': ${json.total} matches but ${json.data.length} posts on the page`,
        );
      answers.push({ label: x.label, total: json.total, capped: json.totalCapped });
    }

    // The bonus: the default search cache (SEARCH_CACHE_SECONDS=10), its hit rate on the same mix.
    await stopApi();
    const cachedSession = await startBenchApi();
    const cached = withRatios([
      await load('GET /api/health (cache on)', '/api/health'),
      await mixRun(
        `getAllJobPost, ${SEARCHES.length} searches cycled, cache on`,
        cachedSession.cookie,
        cachedSession.userId,
      ),
    ]);
    const hits = cached[1].cacheHits;
    const hitRate = hits / Math.max(1, hits + cached[1].cacheMisses);

    console.log('');
    printTable(
      [...runs, ...cached].map((r) => ({
        [`${kind}, ${CONNECTIONS} connections`]: r.label,
        'req/s (median)': r.rps,
        'ratio to health': r.ratio.toFixed(2),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        requests: r.requests,
        'non-2xx/errors': `${r.non2xx}/${r.errors}`,
        rounds: (r.perRound ?? []).map((x) => `${x.rps}/${x.p99}`).join(' ') || '1',
      })),
    );
    const size = sizeOf(kind);
    const capped = answers.filter((x) => x.capped).length;
    const empty = answers.filter((x) => x.total === 0).length;
    console.log(
      `${size.jobs} job posts, ${size.companies} companies; of the ${answers.length} searches ${capped} answer "${answers.find((x) => x.capped)?.total ?? '–'}+", ${empty} none, the rest ${answers.length - capped - empty} an exact total`,
    );
    console.log(
      `search cache (bonus, second process): ${(hitRate * 100).toFixed(1)} % hits (${hits} of ${hits + cached[1].cacheMisses} answers)`,
    );
    const metBy = (r) => r.ratio >= GOAL.searchRatio && r.p99 <= GOAL.p99Ms;
    const [, search, searchOut] = runs;
    const goal = {
      searchRatioMin: GOAL.searchRatio,
      p99MaxMs: GOAL.p99Ms,
      met: metBy(search) && metBy(searchOut),
      signedIn: metBy(search),
      signedOut: metBy(searchOut),
    };
    for (const [who, r] of [
      ['signed in', search],
      ['signed out', searchOut],
    ])
      console.log(
        `goal (${kind}, ${who}; cache off: search ≥ ${GOAL.searchRatio * 100} % of health, p99 ≤ ${GOAL.p99Ms} ms): ${metBy(r) ? 'met' : 'MISSED'} (${Math.round(r.ratio * 100)} %, p99 ${r.p99} ms)`,
      );
    // A closed loop: each of the connections sends its next request when the last one is answered, so
    // the mean latency is the connections over the throughput (Little's law), whatever the server does.
    console.log(
      `closed loop of ${CONNECTIONS} connections: mean latency = ${CONNECTIONS} / req/s (signed in ${((CONNECTIONS / search.rps) * 1000).toFixed(1)} ms, signed out ${((CONNECTIONS / searchOut.rps) * 1000).toFixed(1)} ms); a p99 of ${GOAL.p99Ms} ms needs a mean below it, so more than ${Math.ceil((CONNECTIONS / GOAL.p99Ms) * 1000)} req/s`,
    );
    const strip = ({ plan, ...rest }) => ({ ...rest, plan: plan.split('\n') });
    return {
      kind,
      ...size,
      seed: seeded,
      runs,
      cached,
      cacheHitRate: hitRate,
      answers,
      goal,
      explain: {
        searches: explained.searches.map((x) => ({
          label: x.label,
          ms: x.ms,
          steps: x.steps.map((e) => e.step),
        })),
        slowest: {
          label: explained.searches[0].label,
          plan: explained.searches[0].plan,
          steps: explained.searches[0].steps.map(strip),
        },
        queries: explained.queries.map(strip),
      },
    };
  } finally {
    await stopApi();
    if (pg) await pg.drop().catch((e) => console.error(`could not drop ${pg.name}: ${e.message}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The child's part: seed, find a job and the candidate, EXPLAIN; the answer goes to `out` as JSON. */
async function prepare({ kind, databaseUrl, dataDir, out, explain = true }) {
  const seeded = await seedBench({
    databaseUrl,
    dataDir,
    ...sizeOf(kind),
    log: (m) => console.log(m),
  });
  // A job to ask for by id and the candidate's id, straight from the database.
  const { openDatabase } = apiRequire(path.join(apiDir, 'dist', 'db', 'index.js'));
  const probe = await openDatabase({
    url: databaseUrl,
    pgliteDir: databaseUrl ? undefined : path.join(dataDir, 'pglite'),
  });
  let jobId;
  let viewerId;
  try {
    const c = probe.db.$client;
    jobId = (
      await c.query(
        "select id from job_posts where status = 'active' order by created_at desc limit 1 offset 100",
      )
    ).rows[0].id;
    viewerId = (await c.query('select id from users where email = $1', [BENCH_CANDIDATE])).rows[0]
      .id;
  } finally {
    await probe.close();
  }
  const explained = explain
    ? await explainQueries({ databaseUrl, dataDir, viewerId, jobId })
    : null;
  fs.writeFileSync(out, JSON.stringify({ seeded, jobId, viewerId, explained }));
}

if (process.argv[2] === '--prepare') {
  await prepare(JSON.parse(process.argv[3]));
  process.exit(0);
}

// --- Open loop: the search's tail at fixed arrival rates ----------------------------------------------

const OPEN_LOOP = process.env.OPEN_LOOP === '1';
/** The open loop's arrival rates, as shares of the first mix's closed-loop maximum. */
const LOADS = (process.env.LOADS || '0.25,0.5,0.75').split(',').map(Number);
const OPEN_SECONDS = Number(process.env.OPEN_SECONDS || 10);
/** Each open-loop round's first seconds at its rate, not counted (its p99 printed beside the round's). */
const OPEN_WARMUP_SECONDS = Number(process.env.OPEN_WARMUP_SECONDS ?? 2);
const OPEN_ROUNDS = Number(process.env.OPEN_ROUNDS || ROUNDS);
const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

const PROBE = process.env.PROBE === '1';
/** A closed-loop maximum to take as given (req/s) instead of measuring it. */
const OPEN_MAX = Number(process.env.OPEN_MAX || 0);
/** Extra environment for the API (`NAME=value,NAME=value`: a pool size, a setting under test). */
const API_ENV = Object.fromEntries(
  (process.env.API_ENV || '')
    .split(',')
    .filter(Boolean)
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);

/** GC pauses by kind: `minor 5×9 ms, major 1×30 ms`. */
function gcTypes(pauses) {
  const by = new Map();
  for (const e of pauses) {
    const t = by.get(e.type) ?? { n: 0, ms: 0 };
    by.set(e.type, { n: t.n + 1, ms: t.ms + e.ms });
  }
  return [...by].map(([type, t]) => `${type} ${t.n}×${Math.round(t.ms / t.n)} ms`).join(', ');
}

/**
 * An open loop's slowest requests beside the API's probe (lib/loop-probe.cjs): how many were in flight while
 * its event loop stalled or a GC paused it, those events (count and milliseconds, in the run's window), and
 * the searches sent most among them.
 */
function tailOf(slowest, probeFile, searches) {
  const events = fs.existsSync(probeFile)
    ? fs
        .readFileSync(probeFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
  const from = Math.min(...slowest.map((s) => s.at));
  const to = Math.max(...slowest.map((s) => s.at + s.ms));
  const inRun = events.filter((e) => e.at + e.ms >= from && e.at <= to);
  const pauses = inRun.filter((e) => e.kind !== 'request');
  const overlaps = (s) => pauses.some((e) => e.at < s.at + s.ms && e.at + e.ms > s.at);
  const counts = new Map();
  for (const s of slowest) {
    const label = searches[s.body]?.label ?? '(none)';
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const byKind = (k) => inRun.filter((e) => e.kind === k);
  const sum = (list) => Math.round(list.reduce((a, e) => a + e.ms, 0));
  return {
    slow: slowest.length,
    duringStall: slowest.filter(overlaps).length,
    events: `${byKind('stall').length} stalls ${sum(byKind('stall'))} ms, ${byKind('gc').length} GC ${sum(byKind('gc'))} ms (${gcTypes(byKind('gc'))}), longest ${Math.round(Math.max(0, ...pauses.map((e) => e.ms)))} ms; ${byKind('request').length} requests held over 15 ms by the API, longest ${Math.round(Math.max(0, ...byKind('request').map((e) => e.ms)))} ms`,
    // Where the slowest waited, seen from the generator: sent late (its own loop), or answered late.
    sentAfter: median(slowest.map((s) => s.connected)),
    firstByteAfter: median(slowest.map((s) => s.firstByte)),
    onNewConnection: slowest.filter((s) => s.newConnection).length,
    bodies: [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([l, n]) => `'${l}' ×${n}`)
      .join(', '),
  };
}

/** The API for the open loop on `pgUrl` (cache off; PROBE: its GC pauses and loop stalls to a file). */
async function startOpenLoopApi(pgUrl, dataDir) {
  const child = startApi({
    port: PORT,
    quiet: true,
    env: benchApiEnv(dataDir, pgUrl, {
      SEARCH_CACHE_SECONDS: '0',
      ...API_ENV,
      // API_NODE_OPTIONS: Node options for the API alone (a GC setting).
      NODE_OPTIONS: [
        process.env.NODE_OPTIONS ?? '',
        process.env.API_NODE_OPTIONS ?? '',
        PROBE ? `--require ${fileURLToPath(new URL('./lib/loop-probe.cjs', import.meta.url))}` : '',
      ]
        .filter(Boolean)
        .join(' '),
      ...(PROBE ? { REFERIO_BENCH_PROBE: path.join(dataDir, `probe-${PORT}.jsonl`) } : {}),
    }),
  });
  await waitForUrl(`http://127.0.0.1:${PORT}/api/health`, 300_000);
  return child;
}

/** Every sixth search of each lane checked: a page short of its total would make the figures meaningless. */
async function checkLanes(lanes) {
  for (const a of lanes) {
    for (const x of a.searches.filter((_, i) => i % 6 === 0)) {
      const { json } = await call('POST', '/api/jobPost/getAllJobPost', { body: x.body });
      const expected = Math.min(json.total - x.body.start, x.body.limit);
      if (expected > 0 && json.data.length !== expected)
        throw new Error(`${a.what} '${x.label}': ${json.total} matches, ${json.data.length} posts`);
    }
  }
}

/** Each lane's closed-loop maximum (ROUNDS rounds, interleaved lane by lane), every round printed. */
async function closedLoopRounds(lanes) {
  const closed = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    for (const a of lanes) {
      const before = loadAverage();
      const x = await load(`${a.what}, closed loop`, '/api/jobPost/getAllJobPost', {
        method: 'POST',
        bodies: a.bodies,
      });
      closed.push({
        what: a.what,
        round: r + 1,
        loadAverage: before,
        rps: x.rps,
        p50: x.p50,
        p99: x.p99,
      });
      console.log(
        `closed loop ${a.what} round ${r + 1}: ${x.rps} req/s, p50 ${x.p50} ms, p99 ${x.p99} ms, errors ${x.non2xx + x.errors} (load ${before})`,
      );
    }
  }
  return closed;
}

/** With OPEN_MAX, in place of the closed loop: each lane for WARMUP seconds at the given maximum, not kept. */
async function warmUp(lanes, generator) {
  for (const a of lanes)
    await generator.run({
      url: `${base}/api/jobPost/getAllJobPost`,
      rate: OPEN_MAX,
      seconds: WARMUP,
      bodies: a.bodies,
    });
  return [];
}

/** At each of LOADS of `max`, each lane and /api/health in turn, OPEN_ROUNDS times; every run printed. */
async function openLoopRounds(lanes, max, dataDir, apiPid, generator) {
  const open = [];
  const health = { what: 'health', url: `${base}/api/health`, searches: [] };
  const targets = [
    ...lanes.map((a) => ({ ...a, url: `${base}/api/jobPost/getAllJobPost` })),
    health,
  ];
  for (let r = 0; r < OPEN_ROUNDS; r += 1) {
    for (const share of LOADS) {
      const rate = Math.max(1, Math.round(max * share));
      for (const t of targets) {
        const before = loadAverage();
        const cpu0 = cpuSnapshot(apiPid);
        const x = await generator.run({
          url: t.url,
          rate,
          seconds: OPEN_SECONDS,
          warmSeconds: OPEN_WARMUP_SECONDS,
          bodies: t.bodies,
        });
        const cpu = cpuPerRequest(
          cpu0,
          cpuSnapshot(apiPid),
          x.generatorCpuMs,
          x.sent + x.warmup.sent,
          os.cpus().length,
        );
        const probe = path.join(dataDir, `probe-${PORT}.jsonl`);
        const tail = PROBE ? tailOf(x.slowest, probe, t.searches) : null;
        open.push({ what: t.what, share, round: r + 1, loadAverage: before, ...x, cpu, tail });
        console.log(
          `open loop ${t.what} at ${share * 100} % (${rate}/s) round ${r + 1}: after a ${x.warmup.seconds} s warm-up (p99 ${x.warmup.p99} ms, max ${x.warmup.max} ms), achieved ${x.achieved}/s, p50 ${x.p50} ms, p99 ${x.p99} ms, max ${x.max} ms, errors ${x.errors + x.non2xx}, unanswered ${x.timeouts}, generator loop delay p99 ${x.generatorLag.p99} ms, max ${x.generatorLag.max} ms, CPU a request: API ${cpu.api} ms, PostgreSQL ${cpu.pg} ms, generator ${cpu.generator} ms (cores ${cpu.busy} % busy; load ${before})` +
            (tail
              ? `; of the ${tail.slow} at or over p99: sent ${tail.sentAfter} ms and answered ${tail.firstByteAfter} ms after due (median), ${tail.onNewConnection} on a new connection, ${tail.duringStall} during an API stall or GC pause (${tail.events}), most sent: ${tail.bodies}`
              : ''),
        );
      }
    }
  }
  return open;
}

/** Every open-loop run as a table, and the goal at 50 % for each lane (median of the rounds). */
function printOpenLoop(open, lanes) {
  console.log('');
  printTable(
    open.map((o) => ({
      'search / health': o.what,
      load: `${o.share * 100} %`,
      'rate /s': o.rate,
      round: o.round,
      'achieved /s': o.achieved,
      'warm-up p99 ms': o.warmup.p99,
      'p50 ms': o.p50,
      'p99 ms': o.p99,
      'max ms': o.max,
      errors: o.errors + o.non2xx,
      unanswered: o.timeouts,
      'generator delay p99/max ms': `${o.generatorLag.p99}/${o.generatorLag.max}`,
      'CPU ms a request: API/PG/gen': `${o.cpu.api}/${o.cpu.pg}/${o.cpu.generator}`,
      'cores busy': `${o.cpu.busy} %`,
      'load average': o.loadAverage,
    })),
  );
  const p99At = (what, share) =>
    median(open.filter((o) => o.what === what && o.share === share).map((o) => o.p99));
  const health = p99At('health', 0.5);
  for (const a of lanes) {
    const p99 = p99At(a.what, 0.5);
    if (p99 === undefined || Number.isNaN(p99)) continue;
    const met = p99 <= GOAL.p99Ms && p99 <= 3 * health;
    console.log(
      `${a.what} at 50 %: p99 ${p99} ms, health ${health} ms (${(p99 / health).toFixed(1)}x): goal ≤ ${GOAL.p99Ms} ms and ≤ 3x health ${met ? 'met' : 'MISSED'}`,
    );
  }
}

/**
 * On PostgreSQL: one API process (cache off); the signed-out search mix (each of MIXES) in a closed
 * loop for its maximum, then in an open loop at LOADS of the first mix's maximum beside /api/health
 * at the same rate. Every run is kept, with the load average.
 */
async function openLoopBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-bench-open-'));
  const pg = process.env.BENCH_PG_URL
    ? {
        name: new URL(process.env.BENCH_PG_URL).pathname.slice(1),
        url: process.env.BENCH_PG_URL,
        drop: async () => {},
      }
    : await createPgDatabase();
  if (!pg) return { skipped: 'no PostgreSQL answers on 127.0.0.1:5432' };
  let child;
  let generator;
  try {
    console.log(`\n### Open loop on PostgreSQL (database ${pg.name})`);
    const prepFile = path.join(dataDir, 'prepared.json');
    const prepare = { kind: 'pg', databaseUrl: pg.url, dataDir, out: prepFile, explain: false };
    await run(
      process.execPath,
      [fileURLToPath(import.meta.url), '--prepare', JSON.stringify(prepare)],
      {
        quiet: false,
      },
    );
    child = await startOpenLoopApi(pg.url, dataDir);
    base = `http://127.0.0.1:${PORT}`;
    // Lanes: the search mix typed each way of MIXES (as words, prefixes, phrases).
    const mixes = (process.env.MIXES || 'words').split(',').map((m) => m.trim());
    const lanes = mixes.map((m) => {
      const searches = MIX_OF[m](SEARCHES);
      return { what: `search ${m}`, searches, bodies: searches.map((x) => x.body) };
    });
    await checkLanes(lanes);
    // OPEN_MAX: the maximum of an earlier run, so variants (API_NODE_OPTIONS, API_ENV) meet the same rates.
    // The open loop's generator in a process of its own: this one's heap holds the closed loop's results.
    generator = openLoopProcess();
    const closed = OPEN_MAX ? await warmUp(lanes, generator) : await closedLoopRounds(lanes);
    const max =
      OPEN_MAX || median(closed.filter((c) => c.what === lanes[0].what).map((c) => c.rps));
    console.log(
      OPEN_MAX
        ? `maximum given (OPEN_MAX): ${max} req/s`
        : `closed-loop maximum of ${lanes[0].what} (median of ${ROUNDS}): ${max} req/s`,
    );
    const open = await openLoopRounds(lanes, max, dataDir, child.pid, generator);
    printOpenLoop(open, lanes);
    return { mixes, connections: CONNECTIONS, openSeconds: OPEN_SECONDS, closed, max, open };
  } finally {
    generator?.close();
    if (child && child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
    }
    await pg.drop().catch((e) => console.error(`could not drop ${pg.name}: ${e.message}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (OPEN_LOOP) {
  let code = 0;
  let result;
  try {
    await buildApi();
    result = await openLoopBench();
  } catch (err) {
    code = 1;
    console.error(err);
    result = { error: String(err.message || err) };
  }
  const file = writeResult('api-load-open', {
    node: process.version,
    cpus: os.cpus().length,
    ...result,
  });
  console.log(`\n→ ${path.relative(root, file)}`);
  process.exit(code);
}

// --- Main ----------------------------------------------------------------------------------------------

let failed = false;
const backends = [];
try {
  await buildApi();
  for (const kind of BACKENDS) {
    try {
      backends.push(await benchBackend(kind));
    } catch (err) {
      failed = true;
      console.error(`${kind}: ${err.stack || err}`);
      backends.push({ kind, error: String(err.message || err) });
    }
  }
} catch (err) {
  failed = true;
  console.error(err);
}
const file = writeResult('api-load', {
  node: process.version,
  cpus: os.cpus().length,
  connections: CONNECTIONS,
  durationSeconds: DURATION,
  rounds: ROUNDS,
  warmupSeconds: WARMUP,
  backends,
});
console.log(`\n→ ${path.relative(root, file)}`);
process.exit(failed ? 1 : 0);
