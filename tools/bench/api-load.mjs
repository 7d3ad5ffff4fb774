#!/usr/bin/env node
// API under load (issue 7): autocannon against one API process, on PGlite and on PostgreSQL.
//
// For each backend: seed 5,000 companies and 100,000 job posts (api/scripts/bench-seed.mjs) and print
// EXPLAIN (ANALYZE) of the search and by-id queries with whether they use indexes (both in a child
// process), start ONE API process (node api/dist/server.js on 127.0.0.1:BENCH_API_PORT, SEED=false),
// sign the bench candidate in (code from the dev mailbox), then run, each after a warm-up:
//   GET /api/health, POST /api/jobPost/getAllJobPost {search:'engineer'|'kafka', start:0, limit:9},
//   GET /api/jobPost/GetById/:jobId/:userId
// with CONNECTIONS connections for DURATION seconds, in ROUNDS interleaved rounds. Prints req/s (the
// median of autocannon's per-second samples, then of the rounds), p50 and p99 latency (medians of the
// rounds) and the ratio to /api/health of the same process; then, in a second API process with
// SEARCH_CACHE_SECONDS=0, health and the searches once more (the database's own cost). Writes
// bench/results/api-load.json. PostgreSQL: a fresh database referio_bench_<random> on 127.0.0.1:5432
// (PG_ADMIN_URL to change), dropped afterwards; skipped with a note when none answers.
// Goal on PostgreSQL: search ≥ 40 % of health's req/s and p99 ≤ 25 ms at 32 connections.
//
//   node tools/bench/api-load.mjs            # or: npm run bench api-load
//   BACKENDS=pg ROUNDS=1 DURATION=3 JOBS=20000 node tools/bench/api-load.mjs
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { root } from '../apps.mjs';
import { run, startApi, staleSteps, waitForUrl } from '../stack.mjs';
import { median, printTable, writeResult } from './common.mjs';
import { BENCH_CANDIDATE, seedBench } from '../../api/scripts/bench-seed.mjs';

const require = createRequire(import.meta.url);
const apiDir = path.join(root, 'api');
const { Client } = require(require.resolve('pg', { paths: [apiDir] }));

const PORT = Number(process.env.BENCH_API_PORT || 4100);
const CONNECTIONS = Number(process.env.CONNECTIONS || 32);
/** Seconds per measured run; ROUNDS interleaved rounds of each endpoint, medians reported. */
const DURATION = Number(process.env.DURATION || 5);
const ROUNDS = Number(process.env.ROUNDS || 3);
const WARMUP = Number(process.env.WARMUP || 2);
const JOBS = Number(process.env.JOBS || 100_000);
const COMPANIES = Number(process.env.COMPANIES || 5_000);
const BACKENDS = (process.env.BACKENDS || 'pglite,pg').split(',').map((s) => s.trim());
const ADMIN_URL = process.env.PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const TERMS = ['engineer', 'kafka'];
const GOAL = { searchRatio: 0.4, p99Ms: 25 };
/** The whole benchmark is bounded: every step checks this. */
const DEADLINE = Date.now() + Number(process.env.BENCH_TIMEOUT_MS || 15 * 60_000);
const base = `http://127.0.0.1:${PORT}`;

function checkDeadline(step) {
  if (Date.now() > DEADLINE) throw new Error(`api-load: out of time before ${step}`);
}

/** Only the API (and the contract it requires) need to be built for this benchmark. */
async function buildApi() {
  for (const step of staleSteps().filter((s) => ['shared contract', 'api'].includes(s.name))) {
    const t0 = Date.now();
    await run('npm', ['run', 'build', '--silent', '-w', step.workspace], { quiet: true });
    console.log(`build: ${step.name} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
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

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, timeout: 10, ...opts }, (err, r) =>
      err ? reject(err) : resolve(r),
    );
  });
}

/** Warm-up, then the measured run; req/s is the median of autocannon's per-second samples. */
async function load(label, url, { method = 'GET', body, cookie } = {}) {
  checkDeadline(label);
  const req = {
    url: base + url,
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  };
  await cannon({ ...req, duration: WARMUP });
  const r = await cannon({ ...req, duration: DURATION });
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
    perRound: runs.map((r) => ({ rps: r.rps, p99: r.p99 })),
  };
}

// --- EXPLAIN: the same SQL the API sends, built with the API's own query code (api/dist) --------------

async function explainQueries({ databaseUrl, dataDir, viewerId, jobId }) {
  const { openDatabase } = require(path.join(apiDir, 'dist', 'db', 'index.js'));
  const jobs = require(path.join(apiDir, 'dist', 'services', 'jobPosts.js'));
  const { SessionStore } = require(path.join(apiDir, 'dist', 'services', 'sessions.js'));
  const schema = require(path.join(apiDir, 'dist', 'db', 'schema.js'));
  const { and, desc, eq, fillPlaceholders, sql } = require(
    require.resolve('drizzle-orm', { paths: [apiDir] }),
  );
  const database = await openDatabase({
    url: databaseUrl,
    pgliteDir: databaseUrl ? undefined : path.join(dataDir, 'pglite'),
  });
  const db = database.db;
  const client = db.$client;
  // A session of the candidate, as signing in makes one, for the queries that look it up.
  const sessions = new SessionStore(db, 24 * 60 * 60 * 1000, () => new Date());
  const { token } = await sessions.create(viewerId);
  const lookup = sessions.lookupParams(token);
  const queries = {};
  const pageIds = {};
  for (const term of TERMS) {
    const where = and(jobs.activeJob(), jobs.jobSearchCondition(term));
    // The page as the API reads it (for everyone, then cached; isApplied comes with the session).
    const page = db
      .select(jobs.jobListColumns(null))
      .from(schema.jobPosts)
      .leftJoin(schema.companies, eq(schema.companies.id, schema.jobPosts.companyId))
      .where(where)
      .orderBy(desc(schema.jobPosts.createdAt), desc(schema.jobPosts.id))
      .limit(9)
      .offset(0);
    queries[`search '${term}': page`] = page;
    pageIds[term] = (await page).map((r) => r.job.id);
    queries[`search '${term}': total`] = db
      .select({ n: sql`count(*)::int` })
      .from(schema.jobPosts)
      .where(where);
  }
  // A signed-in search's one query per request: the session and which of the page's jobs were requested.
  queries['search, signed in: session + isApplied'] = [
    sessions.lookupQuery({ applied: jobs.appliedAmongJobIds() }),
    { ...lookup, jobIds: pageIds[TERMS[0]] },
  ];
  // GetById's one query: session, job, referrer, work-e-mail history.
  queries['GetById: session + job + referrer + history'] = [
    jobs.jobDetailsWithSessionQuery(db),
    { ...lookup, id: jobId },
  ];
  const out = [];
  try {
    for (const [name, entry] of Object.entries(queries)) {
      const [q, values] = Array.isArray(entry) ? entry : [entry, {}];
      const { sql: text, params } = q.toSQL();
      const res = await client.query(
        `EXPLAIN (ANALYZE, BUFFERS) ${text}`,
        fillPlaceholders(params, values),
      );
      const plan = res.rows.map((r) => r['QUERY PLAN']).join('\n');
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
      // The verdict is about the big table: small ones (a few hundred rows) are read whole by design.
      const readsJobs = /\bjob_posts\b/.test(plan);
      const usesIndex = !readsJobs || (indexes.length > 0 && !seqScans.includes('job_posts'));
      out.push({ query: name, usesIndex, indexes, seqScans, ms, plan });
    }
  } finally {
    await database.close();
  }
  return out;
}

function printExplain(kind, explained) {
  for (const e of explained) {
    console.log(`\nEXPLAIN ANALYZE (${kind}) ${e.query}:`);
    console.log(e.plan.replace(/^/gm, '    '));
    console.log(
      `  → ${e.usesIndex ? (e.indexes.length ? `uses indexes: ${e.indexes.join(', ')}` : 'reads no job_posts') : `NO INDEX on job_posts (indexes: ${e.indexes.join(', ') || 'none'})`}` +
        `${e.seqScans.length ? `; seq scan on ${e.seqScans.join(', ')}` : ''}; ${e.ms} ms`,
    );
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
    if (kind === 'pg') {
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
        JSON.stringify({ databaseUrl, dataDir, out: prepFile }),
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
        env: {
          HOST: '127.0.0.1',
          NODE_ENV: 'development',
          SEED: 'false',
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl ?? '',
          LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'warn',
          SESSION_SECRET: 'bench-api-secret-bench-api-secret-0000',
          // The sign-in rate limits, in case a run signs in more than once.
          OTP_IP_MAX: '1000',
          OTP_MAX_PER_HOUR: '1000',
          OTP_RESEND_INTERVAL_SECONDS: '0',
          ...extraEnv,
        },
      });
      const exited = new Promise((_, reject) =>
        api.once('exit', (code) => reject(new Error(`the API exited with ${code}`))),
      );
      await Promise.race([waitForUrl(`${base}/api/health`, 60_000), exited]);
      const session = await signIn();
      if (session.userId !== viewerId) throw new Error('signed in as someone else');
      return session;
    };
    const searchRuns = async (suffix, cookie, userId) => {
      const out = [];
      for (const term of TERMS) {
        out.push(
          await load(`getAllJobPost '${term}'${suffix}`, '/api/jobPost/getAllJobPost', {
            method: 'POST',
            body: { search: term, start: 0, limit: 9, userId },
            cookie,
          }),
        );
      }
      return out;
    };
    const withRatios = (runs) => {
      const health = runs[0].rps || runs[0].rpsMean;
      for (const r of runs) r.ratio = Math.round(((r.rps || r.rpsMean) / health) * 100) / 100;
      return runs;
    };

    // The API as configured by default (search pages and totals cached for a few seconds).
    const { cookie, userId } = await startBenchApi();
    // ROUNDS interleaved rounds of the four, the median of each taken: the machine is shared, and a
    // burst of someone else's work then lands on every endpoint instead of on one.
    const rounds = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const round = [await load('GET /api/health', '/api/health')];
      round.push(...(await searchRuns('', cookie, userId)));
      round.push(await load('GetById', `/api/jobPost/GetById/${jobId}/${userId}`, { cookie }));
      rounds.push(round);
    }
    const runs = withRatios(rounds[0].map((_, i) => medianRun(rounds.map((r) => r[i]))));

    // What one page answers with (so the numbers mean something).
    const totals = {};
    for (const term of TERMS) {
      const { json } = await call('POST', '/api/jobPost/getAllJobPost', {
        body: { search: term, start: 0, limit: 9 },
        cookie,
      });
      totals[term] = json.total;
    }

    // Every search counted and fetched (SEARCH_CACHE_SECONDS=0), in a second process: the database's
    // own cost, for comparison.
    await stopApi();
    const uncachedSession = await startBenchApi({ SEARCH_CACHE_SECONDS: '0' });
    const uncached = withRatios([
      await load('GET /api/health (no search cache)', '/api/health'),
      ...(await searchRuns(', no cache', uncachedSession.cookie, uncachedSession.userId)),
    ]);

    console.log('');
    printTable(
      [...runs, ...uncached].map((r) => ({
        [`${kind}, ${CONNECTIONS} connections`]: r.label,
        'req/s (median)': r.rps,
        'ratio to health': r.ratio.toFixed(2),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        requests: r.requests,
        'non-2xx/errors': `${r.non2xx}/${r.errors}`,
      })),
    );
    console.log(
      `matches: ${TERMS.map((t) => `'${t}' ${totals[t]}`).join(', ')} of ${JOBS} job posts`,
    );
    const searches = runs.filter((r) => r.label.startsWith('getAllJobPost'));
    const goal =
      kind === 'pg'
        ? {
            searchRatioMin: GOAL.searchRatio,
            p99MaxMs: GOAL.p99Ms,
            met: searches.every((r) => r.ratio >= GOAL.searchRatio && r.p99 <= GOAL.p99Ms),
          }
        : undefined;
    if (goal) {
      console.log(
        `goal (search ≥ ${GOAL.searchRatio * 100} % of health, p99 ≤ ${GOAL.p99Ms} ms): ${goal.met ? 'met' : 'MISSED'}`,
      );
    }
    return {
      kind,
      seed: seeded,
      totals,
      runs,
      uncached,
      goal,
      explain: explained.map(({ plan, ...rest }) => ({ ...rest, plan: plan.split('\n') })),
    };
  } finally {
    await stopApi();
    if (pg) await pg.drop().catch((e) => console.error(`could not drop ${pg.name}: ${e.message}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The child's part: seed, find a job and the candidate, EXPLAIN; the answer goes to `out` as JSON. */
async function prepare({ databaseUrl, dataDir, out }) {
  const seeded = await seedBench({
    databaseUrl,
    dataDir,
    companies: COMPANIES,
    jobs: JOBS,
    log: (m) => console.log(m),
  });
  // A job to ask for by id and the candidate's id, straight from the database.
  const { openDatabase } = require(path.join(apiDir, 'dist', 'db', 'index.js'));
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
  const explained = await explainQueries({ databaseUrl, dataDir, viewerId, jobId });
  fs.writeFileSync(out, JSON.stringify({ seeded, jobId, viewerId, explained }));
}

if (process.argv[2] === '--prepare') {
  await prepare(JSON.parse(process.argv[3]));
  process.exit(0);
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
  jobs: JOBS,
  companies: COMPANIES,
  backends,
});
console.log(`\n→ ${path.relative(root, file)}`);
process.exit(failed ? 1 : 0);
