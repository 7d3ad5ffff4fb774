#!/usr/bin/env node
// Where a search's database time goes: every search of the open loop's mix (benchSearchTerms()) run
// as the API runs it (referio_search_query_page() and the page's posts), one connection, REPEAT rounds
// after a warm-up, with track_functions = 'all': each plpgsql function's calls, total and self time
// (pg_stat_user_functions), the backend's CPU (/proc) and the statement's wall time, per search.
//
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/referio_bench_x node tools/bench/search-profile.mjs
import fs from 'node:fs';
import { benchSearchTerms } from './lib/seed.mjs';
import { pgClient } from './lib/api.mjs';
import { postingsStatement } from './lib/search-mix.mjs';
import { cpuMs } from './lib/cpu.mjs';
import { median, percentile, printTable } from './common.mjs';

const Client = pgClient();
const REPEAT = Number(process.env.REPEAT || 3);
const BOUND = 1000;

/** The API's search statement (services/job-posts.ts, `searchJson`), its posts as list JSON. */
const STATEMENT = process.env.STATEMENT_FILE
  ? fs.readFileSync(process.env.STATEMENT_FILE, 'utf8')
  : null;

function statement({ search, start, limit, ...filters }) {
  const st = postingsStatement({ search: search ?? '', filters, start, limit }, BOUND);
  return { name: 'search', text: STATEMENT ?? st.text, values: st.values };
}

async function main() {
  const url = process.env.BENCH_PG_URL;
  if (!url) {
    console.log('search-profile: skipped (it reads a seeded database: set BENCH_PG_URL)');
    return;
  }
  const client = new Client({ connectionString: url });
  await client.connect();
  const pid = (await client.query('select pg_backend_pid() as p')).rows[0].p;
  await client.query(`SET track_functions = 'all'`);
  const searches = benchSearchTerms();
  for (const x of searches) await client.query(statement(x.body));
  await client.query('select pg_stat_reset()');
  const per = [];
  const cpu0 = cpuMs(pid);
  const t0 = performance.now();
  for (let r = 0; r < REPEAT; r += 1) {
    for (const x of searches) {
      const c = cpuMs(pid);
      const t = performance.now();
      await client.query(statement(x.body));
      per.push({ label: x.label, ms: performance.now() - t, cpu: cpuMs(pid) - c });
    }
  }
  const wall = performance.now() - t0;
  const cpu = cpuMs(pid) - cpu0;
  await client.query('select pg_stat_force_next_flush()');
  await client.query('select 1');
  const reader = new Client({ connectionString: url });
  await reader.connect();
  await new Promise((r) => setTimeout(r, 1500));
  const fns = (
    await reader.query(
      `select funcname, calls, total_time, self_time from pg_stat_user_functions
       where funcname like 'referio%' order by self_time desc`,
    )
  ).rows;
  await reader.end();
  await client.end();
  const n = per.length;
  const ms = per.map((p) => p.ms);
  console.log(
    `${n} statements: wall ${wall.toFixed(0)} ms (${(wall / n).toFixed(2)} a search; p50 ${median(ms).toFixed(2)}, ` +
      `p90 ${percentile(ms, 90).toFixed(2)}, p99 ${percentile(ms, 99).toFixed(2)}), backend CPU ${cpu.toFixed(0)} ms ` +
      `(${(cpu / n).toFixed(2)} a search)`,
  );
  printTable(
    fns.map((f) => ({
      function: f.funcname,
      'calls/search': (Number(f.calls) / n).toFixed(2),
      'total ms/search': (f.total_time / n).toFixed(3),
      'self ms/search': (f.self_time / n).toFixed(3),
      'self %': ((100 * f.self_time) / wall).toFixed(1),
    })),
  );
  const byLabel = new Map();
  for (const p of per) byLabel.set(p.label, [...(byLabel.get(p.label) ?? []), p.ms]);
  const slow = [...byLabel]
    .map(([label, xs]) => ({ label, ms: median(xs) }))
    .sort((a, b) => b.ms - a.ms);
  console.log('slowest searches (median ms):');
  for (const s of slow.slice(0, 15)) console.log(`  ${s.ms.toFixed(2)}  ${s.label}`);
}

await main();
