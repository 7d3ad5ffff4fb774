#!/usr/bin/env node
// Why the public search has its own engine (docs/search.md), re-checkable: the same searches answered by
// the postings engine (referio_search_query_page(), the API's search) and by PostgreSQL full-text search
// built as an outside engineer would (lib/full-text.mjs), one statement each (the page of 9 and the
// total counted to 1,001), each engine on a connection of its own to a seeded bench database, set as it
// would run: the engine as the API's search pool runs it (SEARCH_SESSION_OPTIONS: generic plans, no JIT or
// parallel workers), full-text search with PostgreSQL's defaults (custom plans for its values), class by class:
// common word, rare word, missing word, two words, "phrase", prefix, -exclusion, `or`, filters only,
// word + filter (lib/search-mix.mjs). Each search runs once to warm up, then REPEAT times timed,
// engine after engine. Then EXPLAIN (ANALYZE, BUFFERS) of each class's slowest search on each engine
// (the engine's plpgsql statements through auto_explain). Writes the raw output to OUT_DIR
// (bench/results/history/<date>-search-engines/: table.md, explain.txt, runs.json; kept in git).
//
//   npm run bench search-engines                       # a fresh database of JOBS posts (1,000,000), dropped after
//   JOBS=20000 COMPANIES=2000 PER_CLASS=15 OUT_DIR=/tmp/se node tools/bench/search-engines.mjs   # a quick check
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/referio_bench_x node tools/bench/search-engines.mjs
//     (a database api-load seeded, or one to seed and keep)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seededBenchDatabase } from './lib/bench-db.mjs';
import { root } from '../run/apps.mjs';
import { benchSize, median, percentile, printTable } from './common.mjs';
import { apiRequire, pgClient } from './lib/api.mjs';
import { buildFullText, fullTextStatement } from './lib/full-text.mjs';
import { postingsStatement, searchClasses } from './lib/search-mix.mjs';

const Client = pgClient();
const REPEAT = Number(process.env.REPEAT || 2);
/** At most this many searches a class (default all: every search of the mix, and as many made from it). */
const PER_CLASS = Number(process.env.PER_CLASS || Infinity);
/** The API's SEARCH_TOTAL_BOUND: totals exact up to it, "1,000+" beyond. */
const BOUND = 1000;
const OUT_DIR =
  process.env.OUT_DIR ||
  path.join(
    root,
    'bench',
    'results',
    'history',
    `${new Date().toISOString().slice(0, 10)}-search-engines`,
  );
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

const ENGINES = {
  postings: (q) => postingsStatement(q, BOUND),
  'full-text': (q) => fullTextStatement(q, BOUND + 1),
};

/** A total as the API shows it: exact up to the bound, "1000+" beyond. */
const shown = (n) => (n > BOUND ? `${BOUND}+` : String(n));

/** Every search of every class on both engines (each on its own client): a warm-up, then REPEAT timed runs each. */
async function timeAll(clients, classes) {
  const runs = [];
  for (const [cls, searches] of Object.entries(classes)) {
    for (const q of searches) {
      const totals = {};
      const ms = {};
      for (const [engine, statement] of Object.entries(ENGINES)) {
        const st = statement(q);
        const client = clients[engine];
        const first = await client.query(st);
        totals[engine] = shown(Number(first.rows[0].total));
        ms[engine] = [];
        for (let i = 0; i < REPEAT; i += 1) {
          const t0 = performance.now();
          await client.query(st);
          ms[engine].push(performance.now() - t0);
        }
      }
      runs.push({ class: cls, label: q.label, totals, ms });
    }
    console.log(`${cls}: ${searches.length} searches timed (load ${load()})`);
  }
  return runs;
}

/** Per class and engine: p50, p90, p99 and max of every timed run (ms), and the totals that differ. */
function summarise(runs) {
  const rows = [];
  const classes = [...new Set(runs.map((r) => r.class)), 'all'];
  for (const cls of classes) {
    const of = runs.filter((r) => cls === 'all' || r.class === cls);
    for (const engine of Object.keys(ENGINES)) {
      const xs = of.flatMap((r) => r.ms[engine]);
      rows.push({
        class: cls,
        engine,
        searches: of.length,
        p50: median(xs).toFixed(1),
        p90: percentile(xs, 90).toFixed(1),
        p99: percentile(xs, 99).toFixed(1),
        max: Math.max(...xs).toFixed(1),
        'totals differ': engine === 'postings' ? '' : of.filter(differs).length,
      });
    }
  }
  return rows;
}

const differs = (r) => r.totals.postings !== r.totals['full-text'];

/** EXPLAIN (ANALYZE, BUFFERS) of a statement; for the engine, its plpgsql statements too (auto_explain). */
async function explain(client, engine, st) {
  const notices = [];
  const onNotice = (n) => notices.push(n.message);
  const nested = engine === 'postings';
  if (nested) {
    await client.query(`SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on;
      SET auto_explain.log_buffers = on; SET auto_explain.log_nested_statements = on;
      SET client_min_messages = log`);
    client.on('notice', onNotice);
  }
  try {
    const r = await client.query({
      text: `EXPLAIN (ANALYZE, BUFFERS) ${st.text}`,
      values: st.values,
    });
    const top = r.rows.map((row) => row['QUERY PLAN']).join('\n');
    // The function's statements that read a page of the database (the others compute values only).
    const reads = notices.filter((n) => n.includes('Buffers:'));
    return nested
      ? `${top}\n\n-- its statements that read pages (auto_explain):\n${reads.join('\n\n')}`
      : top;
  } finally {
    if (nested) {
      client.off('notice', onNotice);
      await client.query(
        'SET auto_explain.log_min_duration = -1; SET client_min_messages = notice',
      );
    }
  }
}

/** Each class's slowest search on each engine, explained. */
async function explainSlowest(clients, classes, runs) {
  const out = [];
  for (const [cls, searches] of Object.entries(classes)) {
    for (const engine of Object.keys(ENGINES)) {
      const of = runs.filter((r) => r.class === cls);
      if (of.length === 0) continue;
      const slowest = of.reduce((a, b) => (median(b.ms[engine]) > median(a.ms[engine]) ? b : a));
      const q = searches.find((s) => s.label === slowest.label);
      const st = ENGINES[engine](q);
      const plan = await explain(clients[engine], engine, st);
      out.push(
        `### ${cls}, ${engine}: '${q.label}' (total ${slowest.totals[engine]})\n${st.text}\n-- ${JSON.stringify(st.values)}\n\n${plan}\n`,
      );
    }
  }
  return out.join('\n');
}

/** The per-class table as Markdown. */
function markdown(rows) {
  const cols = Object.keys(rows[0]);
  return [
    `| ${cols.join(' | ')} |`,
    `|${cols.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${cols.map((c) => r[c]).join(' | ')} |`),
  ].join('\n');
}

async function main() {
  const { db, release } = await seededBenchDatabase('referio-search-engines-', benchSize());
  // The API's build, brought up to date by seededBenchDatabase().
  const { SEARCH_SESSION_OPTIONS } = apiRequire('./dist/db/index.js');
  const clients = {
    postings: new Client({ connectionString: db.url, options: SEARCH_SESSION_OPTIONS }),
    'full-text': new Client({ connectionString: db.url }),
  };
  const client = clients['full-text'];
  try {
    for (const c of Object.values(clients)) {
      await c.connect();
      await c.query("LOAD 'auto_explain'");
    }
    console.log(await buildFullText(client));
    const classes = await searchClasses(client, PER_CLASS);
    const loadBefore = load();
    const runs = await timeAll(clients, classes);
    const rows = summarise(runs);
    const explained = await explainSlowest(clients, classes, runs);
    const facts = await describe(client, db.name, loadBefore);
    printTable(rows);
    writeOut({ facts, rows, runs, explained, classes });
  } finally {
    for (const c of Object.values(clients)) await c.end().catch(() => {});
    await release();
  }
}

/** What the figures were taken on. */
async function describe(client, name, loadBefore) {
  const one = async (sql) => Object.values((await client.query(sql)).rows[0])[0];
  return {
    at: new Date().toISOString(),
    database: name,
    postgres: await one('SHOW server_version'),
    listedPosts: Number(await one("SELECT count(*) FROM job_posts WHERE status = 'active'")),
    repeat: REPEAT,
    loadAverage: { before: loadBefore, after: load() },
    cpus: os.cpus().length,
  };
}

function writeOut({ facts, rows, runs, explained, classes }) {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const differing = runs
    .filter(differs)
    .map((r) => `- ${r.class}: '${r.label}' ${JSON.stringify(r.totals)}`);
  const table = [
    `# Search engines side by side (tools/bench/search-engines.mjs)`,
    '',
    `${facts.at}: PostgreSQL ${facts.postgres}, ${facts.listedPosts} listed posts, ${facts.cpus} CPUs, load average ${facts.loadAverage.before} before and ${facts.loadAverage.after} after. Each search once to warm up, then ${REPEAT} timed runs on each engine; ms per statement (page of 9 and total to 1,001), client side; the engine on a connection set as the API's search pool, full-text search on one with PostgreSQL's defaults.`,
    '',
    markdown(rows),
    '',
    `Totals that differ (the engines read some searches differently: a prefix is 16 completions on the engine, every completion in full-text search; a phrase is adjacent in one field on the engine, anywhere in the document in full-text search):`,
    '',
    ...(differing.length ? differing : ['- none']),
    '',
  ].join('\n');
  fs.writeFileSync(path.join(OUT_DIR, 'table.md'), table);
  fs.writeFileSync(path.join(OUT_DIR, 'explain.txt'), explained);
  fs.writeFileSync(
    path.join(OUT_DIR, 'runs.json'),
    JSON.stringify({ ...facts, classes, runs }, null, 1),
  );
  console.log(`\n→ ${path.relative(root, OUT_DIR)}/ (table.md, explain.txt, runs.json)`);
}

await main();
