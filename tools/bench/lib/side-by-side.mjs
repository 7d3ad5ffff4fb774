// Lighthouse on the site's pages and on the bare React hello world (hello.mjs), side by side in one run: the runs
// alternate (hello world, page 1, page 2, …, then again), so load from other work on a shared machine falls on
// all of them alike, and each page's total blocking time and main-thread time are reported as a ratio to the
// hello world's. Used by lighthouse.mjs (every category, the reports) and bundle.mjs --check (the budget).
import fs from 'node:fs';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, CHROMIUM_PATH, median } from '../common.mjs';
import { HELLO_PATH } from './hello.mjs';

export const ORIGIN = 'http://localhost:3000';
export const HELLO = 'hello world';

/** Sets what the shell's server needs to serve the hello world; call before startStack. */
export function serveHelloFrom(dir) {
  process.env.REFERIO_BENCH_HELLO_DIR = dir;
}

/**
 * `job` in a page list: the first job page that /company-list links to (the seeded data's newest job), so the
 * benchmark always has a real one.
 */
export async function resolvePages(pages) {
  const out = [];
  for (const p of pages) {
    if (p !== 'job') {
      out.push(p);
      continue;
    }
    const html = await (
      await fetch(`${ORIGIN}/company-list`, { headers: { accept: 'text/html' } })
    ).text();
    const m = /href="(\/job-details\/[^"]+)"/.exec(html);
    if (!m) throw new Error('/company-list links to no job page: no job to measure');
    out.push(m[1]);
  }
  return out;
}

const round = (x) => Math.round(x);

/** The figures of one Lighthouse run. */
function figures(lhr) {
  const a = lhr.audits;
  return {
    performance: lhr.categories.performance.score,
    tbtMs: round(a['total-blocking-time'].numericValue),
    mainThreadMs: round(a['mainthread-work-breakdown']?.numericValue ?? 0),
    bootupMs: round(a['bootup-time']?.numericValue ?? 0),
    lcpMs: round(a['largest-contentful-paint'].numericValue),
    fcpMs: round(a['first-contentful-paint'].numericValue),
    cls: Math.round(a['cumulative-layout-shift'].numericValue * 1000) / 1000,
    // Whether the app's scripts ran during the run (a page the server rendered starts them on use or idle).
    appRan: (a['network-requests']?.details?.items ?? []).some(
      (i) => i.resourceType === 'Script' && !/\/after-paint\.js$/.test(new URL(i.url).pathname),
    ),
  };
}

/** a / b, or null when the hello world's figure is 0 (no ratio to speak of). */
export const ratio = (a, b) => (b > 0 ? Math.round((a / b) * 100) / 100 : null);

/**
 * Runs Lighthouse (mobile, simulated throttling: its defaults) `runs` times on the hello world and each page,
 * after one warm-up of each. Returns { [label]: { url, runs: [figures], medians, lhr (median run's), report,
 * ratio: { tbt, mainThread, bootup } } } with the hello world under HELLO.
 */
export async function sideBySide(
  pages,
  { runs = 5, categories = ['performance'], log = console.log } = {},
) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
    logLevel: 'error',
  });
  const targets = [[HELLO, `${ORIGIN}${HELLO_PATH}`], ...pages.map((p) => [p, `${ORIGIN}${p}`])];
  const results = Object.fromEntries(targets.map(([label, url]) => [label, { url, runs: [] }]));
  const once = async (url) => {
    let r;
    // Headless Chromium now and then reports NO_FCP (a tab it considers hidden): run that page again.
    for (let attempt = 1; attempt <= 3; attempt++) {
      r = await lighthouse(url, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: categories,
      });
      if (r.lhr.runtimeError?.code !== 'NO_FCP') break;
      log(`${url}: NO_FCP on attempt ${attempt}, running it again`);
    }
    if (r.lhr.runtimeError) throw new Error(`${url}: ${r.lhr.runtimeError.message}`);
    return r;
  };
  try {
    // One warm-up each fills the server's caches (first queries, the render workers' modules).
    for (const [, url] of targets) await once(url);
    for (let run = 0; run < runs; run++) {
      for (const [label, url] of targets) {
        const r = await once(url);
        results[label].runs.push({ ...figures(r.lhr), lhr: r.lhr, report: r.report });
        log(
          `run ${run + 1}/${runs} ${label}: TBT ${results[label].runs.at(-1).tbtMs} ms, ` +
            `performance ${results[label].runs.at(-1).performance}`,
        );
      }
    }
  } finally {
    await chrome.kill();
  }
  for (const r of Object.values(results)) {
    const pick = (k) => r.runs.map((x) => x[k]);
    r.medians = Object.fromEntries(
      ['performance', 'tbtMs', 'mainThreadMs', 'bootupMs', 'lcpMs', 'fcpMs', 'cls'].map((k) => [
        k,
        median(pick(k)),
      ]),
    );
    // The report kept is the run with the median performance score.
    const sorted = [...r.runs].sort((a, b) => a.performance - b.performance);
    const mid = sorted[Math.floor(sorted.length / 2)];
    r.lhr = mid.lhr;
    r.report = mid.report;
    r.every = Object.fromEntries(
      ['performance', 'tbtMs', 'mainThreadMs', 'bootupMs', 'lcpMs', 'fcpMs', 'cls', 'appRan'].map(
        (k) => [k, pick(k)],
      ),
    );
    r.runs = undefined;
  }
  const hello = results[HELLO].medians;
  for (const r of Object.values(results)) {
    r.ratio = {
      tbt: ratio(r.medians.tbtMs, hello.tbtMs),
      mainThread: ratio(r.medians.mainThreadMs, hello.mainThreadMs),
      bootup: ratio(r.medians.bootupMs, hello.bootupMs),
    };
  }
  return results;
}

/** Rows for printTable: every page with the hello world first, medians, ratios and every run's figures. */
export function sideBySideRows(results) {
  return Object.entries(results).map(([label, r]) => ({
    page: label,
    'TBT ms (median)': r.medians.tbtMs,
    'TBT vs hello': r.ratio.tbt === null ? 'n/a' : `${r.ratio.tbt}x`,
    'main thread ms': r.medians.mainThreadMs,
    'main thread vs hello': r.ratio.mainThread === null ? 'n/a' : `${r.ratio.mainThread}x`,
    'script boot ms': r.medians.bootupMs,
    performance: r.medians.performance,
    'TBT ms, every run': r.every.tbtMs.join(' '),
    'main thread ms, every run': r.every.mainThreadMs.join(' '),
    'performance, every run': r.every.performance.join(' '),
    'scripts ran, every run': r.every.appRan.map((x) => (x ? 'y' : 'n')).join(' '),
  }));
}

export function readBudget(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}
