#!/usr/bin/env node
// `npm run bench`: every benchmark in tools/bench/, one after the other (the machine is shared: never in parallel),
// then one table of the figures against their goals (docs/performance.md), read back from bench/results/*.json.
// Each is runnable alone (`node tools/bench/<name>.mjs`, or `npm run bench <name>…`) and writes JSON there.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from '../run/apps.mjs';
import { printTable, resultsDir } from './common.mjs';

const dir = path.join(root, 'tools', 'bench');
/** Modules in tools/bench/ that are helpers, not benchmarks. */
const HELPERS = new Set(['index.mjs', 'common.mjs', 'with-pg.mjs']);
const only = process.argv.slice(2);
const scripts = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.mjs') && !HELPERS.has(f))
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.mjs$/, '')));
const started = Date.now();
let failed = 0;
for (const f of scripts) {
  console.log(`\n## ${f.replace(/\.mjs$/, '')}\n`);
  const r = spawnSync(process.execPath, [path.join(dir, f)], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed += 1;
}

/** A result written during this run, else null (an older file is not reported as today's figure). */
function result(name) {
  const file = path.join(resultsDir, `${name}.json`);
  if (!fs.existsSync(file)) return null;
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  return Date.parse(json.at ?? json.when ?? 0) >= started ? json : null;
}

const rows = [];
const row = (measure, figure, goal, met) =>
  rows.push({ measure, figure, goal, '': met === undefined ? '' : met ? 'met' : 'MISSED' });

const bundle = result('bundle');
if (bundle) {
  if (bundle.firstScreen !== undefined) {
    row(
      'JS gzip / runs before any use (first screen), vs bare React hello world',
      `${bundle.firstScreen} B = ${bundle.firstScreenRatio.toFixed(2)}x`,
      'budget.json',
    );
  }
  row(
    'JS gzip that / loads once React has it, vs bare React hello world',
    `${bundle.pages['/']} B = ${bundle.landingRatio.toFixed(2)}x (hello ${bundle.helloWorldGzip} B)`,
    '≤ 2.0x',
    bundle.landingRatio <= 2,
  );
  for (const [page, bytes] of Object.entries(bundle.pages)) {
    if (page !== '/') row(`  opening ${page} adds`, `${bytes} B`, 'budget.json');
  }
}
const lighthouse = result('lighthouse');
if (lighthouse) {
  const hello = lighthouse.pages['hello world'];
  if (hello) {
    row(
      'Lighthouse bare React 19 hello world (same webpack, same server, same run)',
      `TBT ${hello.medians.tbtMs} ms, main thread ${hello.medians.mainThreadMs} ms, performance ${hello.medians.performance}`,
      'the yardstick',
    );
  }
  for (const [page, r] of Object.entries(lighthouse.pages)) {
    if (page === 'hello world') continue;
    const s = r.scores;
    const m = r.medians;
    const met =
      m.performance >= lighthouse.goals.performance &&
      Object.entries(lighthouse.goals).every(([c, g]) => c === 'performance' || s[c] >= g) &&
      (r.ratio.tbt === null || r.ratio.tbt <= lighthouse.tbtRatioGoal) &&
      m.cls <= lighthouse.clsGoal;
    row(
      `Lighthouse ${page} (mobile; TBT and main thread vs hello world; perf, a11y, best practices, SEO; CLS)`,
      `TBT ${m.tbtMs} ms = ${r.ratio.tbt ?? 'n/a'}x, main thread ${r.ratio.mainThread ?? 'n/a'}x; ${m.performance} / ${s.accessibility} / ${s['best-practices']} / ${s.seo}; ${m.cls}`,
      `TBT ≤ ${lighthouse.tbtRatioGoal}x; ≥ ${lighthouse.goals.performance} / 1 / 1 / 1; 0`,
      met,
    );
  }
}
const api = result('api-load');
if (api) {
  for (const b of api.backends ?? []) {
    if (!b.runs) continue;
    const name = b.kind === 'pg' ? 'PostgreSQL' : 'PGlite';
    for (const r of [...b.runs, ...(b.cached ?? [])].filter(
      (x) => !x.label.startsWith('GET /api/health'),
    )) {
      const goal = b.kind === 'pg' && r.label.includes('cache off');
      row(
        `${name} ${b.jobs ?? ''} jobs: ${r.label}`,
        `${r.rps} req/s = ${Math.round(r.ratio * 100)}% of health, p99 ${r.p99} ms`,
        goal ? '≥ 30%, p99 ≤ 25 ms' : '',
        goal ? r.ratio >= 0.3 && r.p99 <= 25 : undefined,
      );
    }
    if (b.cacheHitRate !== undefined)
      row(`${name} search cache hit rate (bonus)`, `${(b.cacheHitRate * 100).toFixed(1)} %`, '');
  }
}
const suggest = result('suggest');
if (suggest) {
  const all = suggest.rows.find((r) => r.class === 'all');
  row(
    `GET /api/jobPost/suggest, cache off (${suggest.database}; ${all.prefixes} prefixes × ${suggest.repeat})`,
    `p50 ${all.p50} ms, p99 ${all.p99} ms, max ${all.max} ms`,
    `p99 ≤ ${suggest.goalP99Ms} ms`,
    suggest.p99Ms <= suggest.goalP99Ms,
  );
}
const startup = result('startup');
if (startup) {
  row('npm start (built tree) → first 200 on /', `${startup.shellMs} ms`, '');
  row('npm start (built tree) → /api/health ok', `${startup.healthMs} ms`, '');
}
const releases = result('releases');
if (releases) {
  row(
    'one remote: built release published + deployed → live (median)',
    `${releases.releaseToLiveMs} ms (${releases.releaseSamples.join(', ')})`,
    '≤ 2 s',
    releases.releaseToLiveMs <= 2000,
  );
  row(
    'one remote: rollback → live (median)',
    `${releases.rollbackMs} ms (${releases.rollbackSamples.join(', ')})`,
    '≤ 5 s',
    releases.rollbackMs <= 5000,
  );
}
for (const kind of ['pglite', 'pg', 'pg-2x']) {
  const chat = result(`chat-${kind}`);
  if (!chat) continue;
  const two = kind === 'pg-2x';
  row(
    `chat delivery, ${chat.streams} open streams (${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}${two ? ', two API instances' : ''})`,
    `median ${chat.latencyMs.median} ms, p99 ${chat.latencyMs.p99} ms, ${chat.lost} of ${chat.messagesSent} lost`,
    two ? 'p99 ≤ 100 ms, none lost' : 'none lost',
    chat.lost === 0 && (!two || chat.latencyMs.p99 <= 100),
  );
}
const outbox = result('outbox-pg');
if (outbox) {
  for (const r of outbox.runs ?? []) {
    row(
      `mail outbox, ${outbox.mails} mails, API ${r.signal === 'SIGKILL' ? 'killed' : 'stopped'} (${r.signal}) once mid-drain (PostgreSQL)`,
      `${r.mailsPerSecond} mails/s; ${r.lost} lost, ${r.doubled} doubled`,
      'none lost or doubled',
      r.lost === 0 && r.doubled === 0,
    );
  }
}
const responsiveness = result('responsiveness');
if (responsiveness) {
  const r = responsiveness;
  row(
    `job list with responsiveness, 9 jobs, ${r.jobs} jobs + ${r.requests} requests, ${r.connections} connections, cache off (PostgreSQL)`,
    `p99 ${r.p99With} ms vs ${r.p99Without} ms without = ${r.ratio.toFixed(2)}x (rounds: ${r.rounds.map((x) => `${x.with.p99}/${x.without.p99}`).join(' ')})`,
    `≤ ${r.goalRatio}x, index-only scan`,
    r.met,
  );
}
if (rows.length) {
  console.log('\n## summary\n');
  printTable(rows);
}
process.exit(failed ? 1 : 0);
