#!/usr/bin/env node
// The company page's and the similar jobs' statements at scale (docs/search.md "Similar jobs",
// docs/decisions-public.md "Company pages"): on a seeded bench database, each run for SAMPLE random active jobs
// (similar jobs, `JobPostRepository.similarQuery`, the SQL the API sends) and for the companies with the most open
// jobs plus SAMPLE random ones (`CompanyRepository.publicPage`), built with the API's own code (api/dist), one
// connection, warm (each once before timing). Prints p50/p90/p99/max per statement and EXPLAIN (ANALYZE, BUFFERS)
// of each one's slowest; writes bench/results/similar-jobs.json.
//
//   npm run bench similar-jobs                         # a fresh database of JOBS posts (1,000,000), dropped after
//   JOBS=20000 COMPANIES=2000 SAMPLE=50 node tools/bench/similar-jobs.mjs   # a quick check
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/referio_bench_x node tools/bench/similar-jobs.mjs
//     (a database api-load or search-engines seeded, or one to seed and keep)
import os from 'node:os';
import path from 'node:path';
import { seededBenchDatabase } from './lib/bench-db.mjs';
import { benchSize, median, percentile, printTable, writeResult } from './common.mjs';
import { apiDir, apiRequire } from './lib/api.mjs';

const SAMPLE = Number(process.env.SAMPLE || 200);
/** The companies with the most open jobs are timed too: the referrers are read from their jobs' rows. */
const BIGGEST = 20;

/** Times `run` once per item after one untimed warm-up of each; returns [{ item, ms }]. */
async function timeEach(items, run) {
  for (const item of items) await run(item);
  const out = [];
  for (const item of items) {
    const t = process.hrtime.bigint();
    await run(item);
    out.push({ item, ms: Number(process.hrtime.bigint() - t) / 1e6 });
  }
  return out;
}

const summary = (name, runs) => {
  const ms = runs.map((r) => r.ms);
  const f = (x) => x.toFixed(2);
  return {
    statement: name,
    n: ms.length,
    p50: f(median(ms)),
    p90: f(percentile(ms, 90)),
    p99: f(percentile(ms, 99)),
    max: f(Math.max(...ms)),
  };
};

const slowest = (runs) => runs.reduce((a, b) => (b.ms > a.ms ? b : a)).item;

async function main() {
  const { db, release } = await seededBenchDatabase('referio-similar-jobs-', benchSize());
  const { openDatabase } = apiRequire(path.join(apiDir, 'dist', 'db', 'index.js'));
  const { JobPostRepository } = apiRequire(path.join(apiDir, 'dist', 'services', 'job-posts.js'));
  const { CompanyRepository } = apiRequire(path.join(apiDir, 'dist', 'services', 'companies.js'));
  const { fillPlaceholders } = apiRequire(apiRequire.resolve('drizzle-orm', { paths: [apiDir] }));
  let database = null;
  try {
    database = await openDatabase({ url: db.url });
    const client = database.db.$client;
    const jobs = new JobPostRepository(database.db, 1000, true, database.db);
    const companies = new CompanyRepository(database.db);
    const ids = async (sql) => (await client.query(sql)).rows.map((r) => r.id);
    const jobIds = await ids(
      `SELECT id FROM job_posts WHERE status = 'active' ORDER BY random() LIMIT ${SAMPLE}`,
    );
    const companyIds = [
      ...(await ids(
        `SELECT company_id AS id FROM job_posts WHERE status = 'active' AND company_id IS NOT NULL
         GROUP BY 1 ORDER BY count(*) DESC LIMIT ${BIGGEST}`,
      )),
      ...(await ids(`SELECT id FROM companies ORDER BY random() LIMIT ${SAMPLE}`)),
    ];
    const similar = await timeEach(jobIds, (id) => jobs.similar(id, 4));
    const pages = await timeEach(companyIds, (id) => companies.publicPage(id));
    const rows = [summary('similar jobs (4)', similar), summary('company page', pages)];
    printTable(rows);
    const explain = async (text, params) =>
      (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params)).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    const q = jobs.similarQuery(slowest(similar), 4).toSQL();
    const similarPlan = await explain(q.sql, fillPlaceholders(q.params, {}));
    console.log(`\nEXPLAIN of the slowest similar jobs (${slowest(similar)}):\n${similarPlan}`);
    const companyPlan = await explainCompanyPage(client, slowest(pages));
    console.log(`\nEXPLAIN of the slowest company page (${slowest(pages)}):\n${companyPlan}`);
    const file = writeResult('similar-jobs', {
      database: db.name,
      listedPosts: Number(
        (await client.query(`SELECT count(*) AS n FROM job_posts WHERE status = 'active'`)).rows[0]
          .n,
      ),
      loadAverage: os.loadavg(),
      rows,
      plans: { similar: similarPlan, companyPage: companyPlan },
    });
    console.log(`\nwritten: ${file}`);
  } finally {
    await database?.close?.().catch(() => {});
    await release();
  }
}

/** EXPLAIN (ANALYZE) of `publicPage`'s statement for `id`, caught from the pool as the repository sends it. */
async function explainCompanyPage(client, id) {
  const { CompanyRepository } = apiRequire(path.join(apiDir, 'dist', 'services', 'companies.js'));
  let caught = null;
  const spy = {
    execute: async (query) => {
      caught = query;
      return { rows: [] };
    },
  };
  await new CompanyRepository(spy).publicPage(id);
  const { PgDialect } = apiRequire(apiRequire.resolve('drizzle-orm/pg-core', { paths: [apiDir] }));
  const { sql: text, params } = new PgDialect().sqlToQuery(caught);
  return (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params)).rows
    .map((r) => r['QUERY PLAN'])
    .join('\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
