// What React's take-over of a server-rendered page costs the main thread, which Lighthouse's run of the page no
// longer sees: the app's scripts start at the first sign of use or once the page is idle (shell/public/after-
// paint.js), after Lighthouse has stopped watching. Here Chromium (CPU slowed 4x, as Lighthouse's mobile
// setting) opens the page, waits until it has loaded and is quiet, moves the pointer (a sign of use) and sums the
// long tasks from then until React has the page (<html data-hydrated>) and the page is quiet again: blocking
// time (each long task's time past 50 ms) and long-task time. The hello world is measured the same way from
// its navigation on (it runs at once), in the same run, alternating, so each page's figure is also a ratio.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, median } from '../common.mjs';
import { HELLO, ORIGIN, ratio } from './side-by-side.mjs';
import { HELLO_PATH } from './hello.mjs';

const CPU_SLOWDOWN = 4;

async function once(browser, url, isHello) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = /** @type {any} */ (window);
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(url, { waitUntil: 'load' });
  let from = 0;
  // A page the browser renders (no server HTML, so no after-paint.js) runs its scripts at once, like the hello
  // world: measured from its navigation on.
  const deferred = !isHello && (await page.locator('script[src="/after-paint.js"]').count()) > 0;
  if (isHello) {
    await page.locator('h1').waitFor();
  } else if (deferred) {
    await page.waitForTimeout(500);
    from = await page.evaluate(() => performance.now());
    await page.mouse.move(5, 5);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
  } else {
    await page.locator('h1').first().waitFor({ timeout: 60_000 });
  }
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  const tasks = await page.evaluate(() => /** @type {any} */ (window).__longTasks);
  await context.close();
  const mine = tasks.filter(([start]) => start >= from);
  return {
    blockingMs: Math.round(mine.reduce((n, [, d]) => n + Math.max(0, d - 50), 0)),
    longTaskMs: Math.round(mine.reduce((n, [, d]) => n + d, 0)),
  };
}

/** { [label]: { every: { blockingMs, longTaskMs }, medians, ratio: { blocking, longTask } } }, hello world first. */
export async function takeover(pages, { runs = 5, log = console.log } = {}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const targets = [[HELLO, `${ORIGIN}${HELLO_PATH}`], ...pages.map((p) => [p, `${ORIGIN}${p}`])];
  const results = Object.fromEntries(
    targets.map(([label]) => [label, { every: { blockingMs: [], longTaskMs: [] } }]),
  );
  try {
    for (const [label, url] of targets) await once(browser, url, label === HELLO); // warm-up
    for (let run = 0; run < runs; run++) {
      for (const [label, url] of targets) {
        const r = await once(browser, url, label === HELLO);
        results[label].every.blockingMs.push(r.blockingMs);
        results[label].every.longTaskMs.push(r.longTaskMs);
        log(`take-over run ${run + 1}/${runs} ${label}: blocking ${r.blockingMs} ms`);
      }
    }
  } finally {
    await browser.close();
  }
  for (const r of Object.values(results)) {
    r.medians = { blockingMs: median(r.every.blockingMs), longTaskMs: median(r.every.longTaskMs) };
  }
  const hello = results[HELLO].medians;
  for (const r of Object.values(results)) {
    r.ratio = {
      blocking: ratio(r.medians.blockingMs, hello.blockingMs),
      longTask: ratio(r.medians.longTaskMs, hello.longTaskMs),
    };
  }
  return results;
}

export function takeoverRows(results) {
  return Object.entries(results).map(([label, r]) => ({
    page: label,
    'blocking ms (median)': r.medians.blockingMs,
    'vs hello': r.ratio.blocking === null ? 'n/a' : `${r.ratio.blocking}x`,
    'long tasks ms (median)': r.medians.longTaskMs,
    'long tasks vs hello': r.ratio.longTask === null ? 'n/a' : `${r.ratio.longTask}x`,
    'blocking ms, every run': r.every.blockingMs.join(' '),
  }));
}
