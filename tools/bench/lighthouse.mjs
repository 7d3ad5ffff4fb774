#!/usr/bin/env node
// Lighthouse (the npm package, Debian's Chromium) on the built site beside a bare React 19 hello world built by
// the same webpack and served by the same server (lib/hello.mjs, lib/side-by-side.mjs), in one run: mobile form
// factor with simulated throttling (Lighthouse's defaults), RUNS runs of each (default 5), alternating. Prints
// each page's total blocking time and main-thread time as a ratio to the hello world's, every run's figures, the
// four category scores and every audit that costs points; then what React's take-over of each page costs the main
// thread (lib/takeover.mjs: it starts after Lighthouse has stopped watching), also beside the hello world;
// writes bench/results/lighthouse.json.
// `--check` exits 1 below the goals: TBT ≤ TBT_RATIO_GOAL × the hello world's, median performance ≥ 0.95,
// accessibility, best practices and SEO 1, median CLS 0, a job page's and the sign-in and sign-up pages' median
// LCP ≤ 1.2× the landing's.
// PAGES=/,/premium runs some pages only; `job` in the list is the first job page /company-list links to.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../run/apps.mjs';
import { buildStale, startStack } from '../run/stack.mjs';
import { printTable, resultsDir, writeResult } from './common.mjs';
import { buildHelloWorld } from './lib/hello.mjs';
import {
  HELLO,
  resolvePages,
  serveHelloFrom,
  sideBySide,
  sideBySideRows,
} from './lib/side-by-side.mjs';
import { takeover, takeoverRows } from './lib/takeover.mjs';

const ALL_PAGES = [
  '/',
  '/company-list',
  'job',
  '/become-a-referral',
  '/premium',
  '/privacy-policy',
  '/terms-and-conditions',
  '/refund-cancellation-policy',
  '/sign-in',
  '/sign-up',
  '/sign-in?next=%2Fcompany-list',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const GOALS = { performance: 0.95, accessibility: 1, 'best-practices': 1, seo: 1 };
/** A page's median total blocking time at most this many times the hello world's (same run). */
const TBT_RATIO_GOAL = 2;
const CLS_GOAL = 0;
/** A job page's, sign-in's and sign-up's median LCP, at most this times the landing's in the same run. */
const JOB_LCP_RATIO = 1.2;
/** The pages held to the landing's LCP: a shared job link lands on one, and every account starts on the others. */
const AS_FAST_AS_LANDING = /^\/(job-details\/|sign-in|sign-up)/;
const check = process.argv.includes('--check');
const RUNS = Math.max(1, Number(process.env.RUNS || 5));

/** Audits that cost points: scored below 1 and weighted in a category (metrics with their value). */
function failingAudits(lhr) {
  const out = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id].auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (ref.weight === 0 && id !== 'performance') continue;
      if (id === 'performance' && ref.weight === 0 && audit.score >= 0.9) continue;
      out.push({
        category: id,
        id: ref.id,
        score: audit.score,
        title: audit.title,
        value: audit.displayValue ?? '',
      });
    }
  }
  return out;
}

const hello = await buildHelloWorld();
serveHelloFrom(hello.dir);
await buildStale({ log: () => {} });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-bench-lighthouse-'));
const stack = await startStack({ quiet: true, apiEnv: { DATA_DIR: dataDir } });
let results;
let taken;
try {
  const pages = await resolvePages(process.env.PAGES ? process.env.PAGES.split(',') : ALL_PAGES);
  results = await sideBySide(pages, { runs: RUNS, categories: CATEGORIES });
  console.log(`\nMain thread, side by side (${RUNS} runs each, alternating; medians):\n`);
  printTable(sideBySideRows(results));
  // What Lighthouse's runs no longer see: the main thread while React takes a page over (lib/takeover.mjs).
  try {
    taken = await takeover(pages, { runs: RUNS });
  } catch (err) {
    console.error(`take-over not measured: ${err?.message ?? err}`);
  }
} finally {
  await stack.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

fs.mkdirSync(resultsDir, { recursive: true });
const result = { runs: RUNS, helloWorldGzip: hello.gzip, pages: {} };
const misses = [];
const scoreRows = [];
for (const [page, r] of Object.entries(results)) {
  // The whole report of the median run beside the summary, for the details (resultsDir is git-ignored).
  const slug = page === HELLO ? 'hello' : page === '/' ? 'home' : page.replace(/\W+/g, '-');
  fs.writeFileSync(
    path.join(resultsDir, `lighthouse-${slug.replace(/^-|-$/g, '')}.report.json`),
    r.report,
  );
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, r.lhr.categories[c].score]));
  const failing = failingAudits(r.lhr);
  result.pages[page] = {
    url: r.url,
    scores,
    medians: r.medians,
    ratio: r.ratio,
    every: r.every,
    failing,
  };
  scoreRows.push({
    page,
    ...Object.fromEntries(
      CATEGORIES.map((c) => [c, c === 'performance' ? r.medians.performance : scores[c]]),
    ),
    'LCP ms (median)': r.medians.lcpMs,
    'CLS (median)': r.medians.cls,
    'LCP ms, every run': r.every.lcpMs.join(' '),
  });
  if (page === HELLO) continue;
  if (r.medians.performance < GOALS.performance)
    misses.push(`${page} performance ${r.medians.performance} < ${GOALS.performance} (median)`);
  for (const c of CATEGORIES.slice(1)) {
    if (scores[c] < GOALS[c]) misses.push(`${page} ${c} ${scores[c]} < ${GOALS[c]}`);
  }
  if (r.ratio.tbt !== null && r.ratio.tbt > TBT_RATIO_GOAL)
    misses.push(`${page} TBT ${r.ratio.tbt}x the hello world's > ${TBT_RATIO_GOAL}x`);
  if (r.medians.cls > CLS_GOAL) misses.push(`${page} CLS ${r.medians.cls} > ${CLS_GOAL}`);
}

// A shared job link lands on a job page, every account starts on sign-in or sign-up: they paint as fast as the
// landing page (same run).
const landing = result.pages['/'];
for (const [page, r] of Object.entries(result.pages)) {
  if (!AS_FAST_AS_LANDING.test(page) || !landing?.medians.lcpMs) continue;
  r.lcpToLanding = Math.round((r.medians.lcpMs / landing.medians.lcpMs) * 100) / 100;
  console.log(`\n${page}: LCP ${r.lcpToLanding}x the landing's (goal ≤ ${JOB_LCP_RATIO}x)`);
  if (r.lcpToLanding > JOB_LCP_RATIO)
    misses.push(`${page} LCP ${r.lcpToLanding}x the landing's > ${JOB_LCP_RATIO}x`);
}

if (taken) {
  console.log(
    `\nReact taking the page over after a sign of use (Chromium, CPU 4x slower; ${RUNS} runs each, alternating):\n`,
  );
  printTable(takeoverRows(taken));
  result.takeover = taken;
}
console.log('\nScores (performance: median; the others: the median run):\n');
printTable(scoreRows);
for (const [page, r] of Object.entries(result.pages)) {
  if (r.failing.length === 0) continue;
  console.log(`\n${page}: audits that cost points`);
  printTable(
    r.failing.map((a) => ({ category: a.category, audit: a.id, score: a.score, value: a.value })),
  );
}
result.goals = GOALS;
result.tbtRatioGoal = TBT_RATIO_GOAL;
result.clsGoal = CLS_GOAL;
result.misses = misses;
console.log(`→ ${path.relative(root, writeResult('lighthouse', result))}`);
if (check && misses.length) {
  console.error(`Lighthouse goals missed:\n  ${misses.join('\n  ')}`);
  process.exit(1);
}
