#!/usr/bin/env node
// Where the public search's time goes, search by search (which kinds are slow): every search of the bench mix
// (benchSearchTerms(), signed out, cache off) run REPEAT times on one connection of a seeded database, in
// two parts timed apart: the search alone (referio_search_query_page() of referio_search_parse(), server
// time) and the API's whole statement (the page's posts by their places, as the API sends it). Each
// search is classed by what it is (one word or two, a filter, how many completions its last word has as
// a prefix, which read it takes) and the classes are printed slowest first, with the ten slowest
// searches. Writes bench/results/search-classes.json.
//
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/referio_bench_s3 node tools/bench/search-classes.mjs
import path from 'node:path';
import { root } from '../run/apps.mjs';
import { median, percentile, printTable, writeResult } from './common.mjs';
import { pgClient } from './lib/api.mjs';
import { benchSearchTerms } from './lib/seed.mjs';

const Client = pgClient();

const URL_ = process.env.BENCH_PG_URL;
if (!URL_) throw new Error('BENCH_PG_URL: a seeded bench database');
const REPEAT = Number(process.env.REPEAT || 5);
const BOUND = 1000;

const client = new Client({ connectionString: URL_ });
await client.connect();
const filterArgs = (b) => [
  b.jobType ?? null,
  b.location ?? null,
  b.industry ?? null,
  b.experience ?? null,
  b.company ?? null,
];
const SEARCH = `select total, positions from referio_search_query_page(referio_search_parse($1::text),
  referio_filter_tokens($2::text, $3::text, $4::text, $5::text, $6::uuid), $7::int, $8::int, $9::int)`;
// The API's statement without the session (searchJson in api/src/services/job-posts.ts), its columns cut
// to a few: the posts by their places and their companies.
const WHOLE = `select s.total, j.id, j.job_title, c.name from ${SEARCH.replace('select total, positions from ', '')} as s
  left join job_posts j on j.search_pos = any(s.positions) and referio_job_listed(j)
  left join companies c on c.id = j.company_id order by j.search_pos desc`;

async function timed(text, args) {
  const t0 = performance.now();
  const r = await client.query(text, args);
  return { ms: performance.now() - t0, rows: r.rows };
}

const out = [];
for (const { label, body } of benchSearchTerms()) {
  const args = [body.search ?? '', ...filterArgs(body), body.start, body.limit, BOUND];
  const parsed = (await client.query('select referio_search_parse($1::text) as q', [args[0]]))
    .rows[0].q;
  const groups = parsed.g;
  const alts = groups.reduce((n, g) => n + g.length, 0);
  const single =
    parsed.n.length === 0 &&
    !parsed.v &&
    groups.every((g) => g.length === 1 && (g[0].pr ?? g[0].t).length === 1);
  const words = (body.search ?? '').split(' ').filter(Boolean).length;
  const filter = ['jobType', 'location', 'industry', 'experience'].some((k) => body[k]);
  const search = [];
  const whole = [];
  let total = 0;
  for (let i = 0; i < REPEAT; i += 1) {
    const a = await timed(SEARCH, args);
    total = a.rows[0].total;
    search.push(a.ms);
    whole.push((await timed(WHOLE, args)).ms);
  }
  const completions = alts - groups.length;
  out.push({
    label,
    words,
    filter,
    completions,
    read: single ? 'single tokens' : 'query (all blocks)',
    total,
    searchMs: median(search),
    wholeMs: median(whole),
    cls: `${words} word${words > 1 ? 's' : ''}${filter ? ' + filter' : ''}, ${
      completions === 0 ? 'no completion' : completions < 4 ? '1-3 completions' : '4+ completions'
    }`,
  });
}
await client.end();

const byClass = new Map();
for (const x of out) byClass.set(x.cls, [...(byClass.get(x.cls) ?? []), x]);
const classes = [...byClass].map(([cls, xs]) => ({
  class: cls,
  searches: xs.length,
  'search p50 ms': median(xs.map((x) => x.searchMs)).toFixed(1),
  'search max ms': Math.max(...xs.map((x) => x.searchMs)).toFixed(1),
  'whole p50 ms': median(xs.map((x) => x.wholeMs)).toFixed(1),
  'whole max ms': Math.max(...xs.map((x) => x.wholeMs)).toFixed(1),
  'share of time': 0,
  sum: xs.reduce((n, x) => n + x.wholeMs, 0),
}));
const all = classes.reduce((n, c) => n + c.sum, 0);
for (const c of classes) {
  c['share of time'] = `${((100 * c.sum) / all).toFixed(0)} %`;
  delete c.sum;
}
classes.sort((a, b) => Number(b['whole max ms']) - Number(a['whole max ms']));
printTable(classes);
const whole = out.map((x) => x.wholeMs);
console.log(
  `\n${out.length} searches, one at a time: whole statement p50 ${median(whole).toFixed(1)} ms, p90 ${percentile(whole, 90).toFixed(1)} ms, p99 ${percentile(whole, 99).toFixed(1)} ms, mean ${(whole.reduce((a, b) => a + b, 0) / whole.length).toFixed(1)} ms\n`,
);
const slowest = [...out].sort((a, b) => b.wholeMs - a.wholeMs).slice(0, 10);
printTable(
  slowest.map((x) => ({
    search: x.label,
    read: x.read,
    completions: x.completions,
    total: x.total,
    'search ms': x.searchMs.toFixed(1),
    'whole ms': x.wholeMs.toFixed(1),
  })),
);
const file = writeResult(process.env.RESULT_NAME || 'search-classes', {
  repeat: REPEAT,
  classes,
  searches: out,
});
console.log(`\n→ ${path.relative(root, file)}`);
