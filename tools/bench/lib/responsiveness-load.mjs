#!/usr/bin/env node
// Benchmark data for the referrers' responsiveness: on top of bench-seed.mjs's job posts,
// CANDIDATES candidates and REQUESTS referral requests to the jobs' referrers, written by
// generate_series in the database (no rows travel from here): sent over the last DAYS days, about 60 %
// answered (approved or declined, from minutes to 10 days later, so some after their 7 days), the
// rest pending (some still within their time). The referral_requests indexes are dropped for the
// insert and made again afterwards from their own definitions, then VACUUM ANALYZE (statistics and the
// visibility map, as autovacuum would leave a live database). The insert's statement trigger fills
// referrer_responsiveness (migration 0020), as production's writes do; `measureRefresh` times that
// trigger's work per referrer and the whole backfill.
//
//   DATABASE_URL=postgres://…/referio_bench node tools/bench/lib/responsiveness-load.mjs
//
// Also a module: tools/bench/responsiveness.mjs imports `seedRequests` and `explainJobList`.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { runAsScript } from '../common.mjs';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'api');
const require = createRequire(import.meta.url);
const { Client } = require('pg');

/** The bench's candidates' e-mail addresses: bench-cand-<n>@referio.test. */
const CANDIDATE_PREFIX = 'bench-cand-';

/**
 * Seeds `candidates` candidates and `requests` requests spread over the active and inactive jobs (each
 * job gets requests / jobs of them; no candidate asks twice for one job). Nothing when the requests are
 * already there. Returns the counts and the time taken.
 */
export async function seedRequests({
  databaseUrl,
  requests = 1_000_000,
  candidates = 10_000,
  days = 180,
  log = () => {},
} = {}) {
  const t0 = Date.now();
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const have = Number(
      (await client.query('select count(*)::int as n from referral_requests')).rows[0].n,
    );
    if (have >= requests) {
      log(`bench-responsiveness: ${have} requests already there`);
      return { seeded: false, requests: have, ms: Date.now() - t0 };
    }
    const jobs = Number((await client.query('select count(*)::int as n from job_posts')).rows[0].n);
    if (!jobs) throw new Error('no job posts: run bench-seed.mjs first');
    // Each job gets `perJob` requests from `perJob` different candidates.
    const perJob = Math.ceil(requests / jobs);
    const block = Math.floor(candidates / perJob);
    if (block < 1)
      throw new Error(`${candidates} candidates cannot send ${perJob} requests per job`);

    await client.query('begin');
    await client.query(`set local maintenance_work_mem = '512MB'`);
    await client.query(
      `insert into users (email, full_name, auth_mode)
       select '${CANDIDATE_PREFIX}' || g || '@referio.test', 'Bench Candidate ' || g, 'candidate'
       from generate_series(0, $1::int - 1) g`,
      [candidates],
    );
    const indexes = (
      await client.query(
        `select indexname, indexdef from pg_indexes
         where tablename = 'referral_requests' and indexname not like '%_pkey'`,
      )
    ).rows;
    for (const ix of indexes) await client.query(`drop index "${ix.indexname}"`);
    await client.query(
      `create temp table bench_jobs on commit drop as
         select (row_number() over (order by id) - 1)::int as n, id, user_id from job_posts`,
    );
    await client.query(
      `create temp table bench_cands on commit drop as
         select (row_number() over (order by id) - 1)::int as n, id from users
         where email like '${CANDIDATE_PREFIX}%'`,
    );
    await client.query('create index on bench_jobs (n)');
    await client.query('create index on bench_cands (n)');
    await client.query('analyze bench_jobs');
    await client.query('analyze bench_cands');
    // Request g: job g % jobs; the k-th request of a job (k = g / jobs) comes from candidate
    // k * block + (job % block): distinct k, distinct candidates, so (job, sender) is unique.
    await client.query(
      `insert into referral_requests
         (job_post_id, sender_id, recipient_id, status, created_at, updated_at, responded_at)
       select j.id, c.id, j.user_id, r.status::referral_status, r.created_at,
              coalesce(r.responded_at, r.created_at), r.responded_at
       from generate_series(0, $1::int - 1) g
       join bench_jobs j on j.n = g % $2::int
       join bench_cands c on c.n = (g / $2::int) * $3::int + (j.n % $3::int)
       cross join lateral (
         select s.created_at, s.status,
                case when s.status = 'pending' then null
                     else s.created_at + make_interval(secs => 600 + s.u2 * s.u2 * 864000) end
                  as responded_at
         from (select now() - make_interval(secs => s0.u1 * $4::int * 86400) as created_at,
                      case when s0.u3 < 0.35 then 'approved' when s0.u3 < 0.6 then 'declined'
                           else 'pending' end as status,
                      s0.u2
               from (select random() as u1, random() as u2, random() as u3, g as keep) s0) s
       ) r`,
      [requests, jobs, block, days],
    );
    const tIndex = Date.now();
    for (const ix of indexes) await client.query(ix.indexdef);
    await client.query('commit');
    log(
      `bench-responsiveness: ${indexes.length} referral_requests indexes made again in ${((Date.now() - tIndex) / 1000).toFixed(1)} s`,
    );
    await client.query('vacuum analyze referral_requests');
    await client.query('vacuum analyze users');
    // The insert's statement trigger (migration 0020) filled referrer_responsiveness as production's
    // writes would: one row per recipient, computed at the insert.
    const kept = (
      await client.query(
        `select (select count(*)::int from referrer_responsiveness) as kept,
                (select count(distinct recipient_id)::int from referral_requests) as referrers`,
      )
    ).rows[0];
    if (kept.kept !== kept.referrers)
      throw new Error(
        `referrer_responsiveness holds ${kept.kept} rows for ${kept.referrers} referrers`,
      );
    await client.query('vacuum analyze referrer_responsiveness');
    log(
      `bench-responsiveness: referrer_responsiveness kept by the trigger for ${kept.kept} referrers`,
    );
    const n = Number(
      (await client.query('select count(*)::int as n from referral_requests')).rows[0].n,
    );
    const ms = Date.now() - t0;
    log(
      `bench-responsiveness: ${candidates} candidates, ${n} requests over ${jobs} jobs in ${(ms / 1000).toFixed(1)} s`,
    );
    return { seeded: true, candidates, requests: n, jobs, ms };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

/**
 * What keeping the figures costs: `referio_refresh_responsiveness` for one referrer (what the trigger
 * adds to an answer, a new request, an expiry or a withdraw), timed over `samples` busy referrers, and
 * for every referrer at once (the migration's backfill; the sweep does the same in batches).
 */
export async function measureRefresh({ databaseUrl, samples = 50 }) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = (
      await client.query(
        `select referrer_id from referrer_responsiveness order by received desc limit $1`,
        [samples],
      )
    ).rows.map((r) => r.referrer_id);
    const times = [];
    for (const id of ids) {
      const t0 = process.hrtime.bigint();
      await client.query('select referio_refresh_responsiveness(array[$1::uuid])', [id]);
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    times.sort((a, b) => a - b);
    const t0 = Date.now();
    const all = (
      await client.query(
        'select referio_refresh_responsiveness(array(select referrer_id from referrer_responsiveness)) as n',
      )
    ).rows[0].n;
    return {
      oneMedianMs: times[Math.floor(times.length / 2)],
      oneMaxMs: times[times.length - 1],
      samples: times.length,
      allReferrers: all,
      allMs: Date.now() - t0,
    };
  } finally {
    await client.end();
  }
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the public job list page (9 jobs, newest first), with and without the
 * responsiveness, as the API's own repository builds it (api/dist). Returns both plans.
 */
export async function explainJobList({ databaseUrl, start = 0, limit = 9 }) {
  const { openDatabase } = require(path.join(apiDir, 'dist', 'db', 'index.js'));
  const jobs = require(path.join(apiDir, 'dist', 'services', 'job-posts.js'));
  const { loadConfig } = require(path.join(apiDir, 'dist', 'config.js'));
  const database = await openDatabase({ url: databaseUrl });
  try {
    const db = database.db;
    const repo = new jobs.JobPostRepository(db, loadConfig({}).SEARCH_TOTAL_BOUND);
    const q = { status: 'active', start, limit, viewerId: null };
    const explain = async (query) => {
      const { sql, params } = query.toSQL();
      const res = await db.$client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      return res.rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    return {
      with: await explain(repo.listQuery({ ...q, responsiveness: true })),
      without: await explain(repo.listQuery({ ...q, responsiveness: false })),
    };
  } finally {
    await database.close();
  }
}

runAsScript(import.meta.url, () => {
  if (!process.env.DATABASE_URL) {
    console.error('Set DATABASE_URL (PostgreSQL, already holding bench-seed.mjs data).');
    process.exit(2);
  }
  return seedRequests({
    databaseUrl: process.env.DATABASE_URL,
    requests: Number(process.env.REQUESTS ?? 1_000_000),
    candidates: Number(process.env.CANDIDATES ?? 10_000),
    log: console.log,
  });
});
