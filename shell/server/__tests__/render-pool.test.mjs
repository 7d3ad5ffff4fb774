// The render pool (render-pool.mjs): renders run in worker threads with a time and a memory budget; a render
// that spins, crashes or hogs memory fails its page (which the server then renders in the browser), its
// worker is replaced, and the server's own event loop never waits for it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { RenderError, RenderPool, positiveNumber } from '../render-pool.mjs';

let dir;
let serverBundle;

/** A stand-in for the shell's dist/server/render.js: renders the page component's string. */
const FAKE_SHELL = `
exports.bundledShared = {};
let api = null;
exports.configure = ({ apiBaseUrl }) => { api = apiBaseUrl; };
exports.renderPage = async ({ url, page }) => {
  if (page && page.prefetch) await page.prefetch(null, url);
  return { status: page ? 200 : 404, html: page ? page.component(url) : 'Page not found', state: { queries: [], api } };
};
`;

const remote = (name, body, version = '1') => ({
  name,
  url: `http://remote.test/${name}/${version}/ssr.js`,
  code: `module.exports = { pages: { './Landing': { ${body}, head: () => ({ title: '${name}' }) } }, sitemap: async () => ['/${name}'] };`,
});
const GOOD = remote('good', `component: (url) => '<h1>Hello ' + url.pathname + '</h1>'`);
const SLOW = remote(
  'slow',
  `prefetch: () => new Promise((r) => setTimeout(r, 1500)), component: () => 'late'`,
);
const SPIN = remote('spin', `component: () => { for (;;) {} }`);
const CRASH = remote(
  'crash',
  `prefetch: () => new Promise(() => setTimeout(() => { throw new Error('boom'); }, 10)), component: () => ''`,
);
const HOG = remote(
  'hog',
  `component: () => { const keep = []; for (;;) keep.push(new Array(1e5).fill({ a: 1 })); }`,
);

const page = (r, pathname = '/') => ({
  kind: 'page',
  url: `http://localhost${pathname}`,
  module: `${r.name}/Landing`,
  expose: './Landing',
  remote: r,
});

before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-pool-'));
  serverBundle = path.join(dir, 'render.js');
  fs.writeFileSync(serverBundle, FAKE_SHELL);
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

function newPool(options = {}) {
  return new RenderPool({
    workerData: { serverBundle, apiBaseUrl: 'http://api.test/api' },
    size: 1,
    budgetMs: 1000,
    memoryMb: 64,
    log: () => undefined,
    ...options,
  });
}

/** The longest the main thread's event loop was held up while `promise` ran (a timer every 10 ms). */
async function longestStall(promise) {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 10);
    last = now;
  }, 10);
  try {
    await promise.catch(() => undefined);
  } finally {
    clearInterval(timer);
  }
  return worst;
}

describe('the render pool', () => {
  it('renders pages, the not-found page and sitemaps in a worker, with the API base it was given', async () => {
    const pool = newPool();
    try {
      const out = await pool.run(page(GOOD, '/company-list'));
      assert.equal(out.rendered.html, '<h1>Hello /company-list</h1>');
      assert.equal(out.rendered.state.api, 'http://api.test/api');
      assert.deepEqual(out.head, { title: 'good' });
      const notFound = await pool.run({ kind: 'notFound', url: 'http://localhost/nope' });
      assert.equal(notFound.rendered.status, 404);
      assert.deepEqual((await pool.run({ kind: 'sitemap', remote: GOOD })).paths, ['/good']);
      // A page the module does not render: no HTML, the server sends the page for the browser to render.
      const none = await pool.run({ ...page(GOOD), expose: './Nope' });
      assert.equal(none.rendered, null);
    } finally {
      await pool.close();
    }
  });

  it('sends a module version to a worker once, and a new version when it changes', async () => {
    const pool = newPool();
    const sent = [];
    try {
      for (const slot of pool.slots) {
        const post = slot.worker.postMessage.bind(slot.worker);
        slot.worker.postMessage = (msg) => {
          if (msg.remote) sent.push(typeof msg.remote.code === 'string');
          post(msg);
        };
      }
      await pool.run(page(GOOD));
      await pool.run(page(GOOD));
      const next = remote('good', `component: () => 'v2'`, '2');
      assert.equal((await pool.run(page(next))).rendered.html, 'v2');
      assert.deepEqual(sent, [true, false, true]);
    } finally {
      await pool.close();
    }
  });

  it('ends a render that spins past its budget, keeps the event loop free, and replaces the worker', async () => {
    const pool = newPool();
    try {
      await pool.run(page(GOOD));
      const started = performance.now();
      const spinning = pool.run(page(SPIN));
      const stall = await longestStall(spinning);
      await assert.rejects(
        spinning,
        (err) => err instanceof RenderError && /longer than 1000 ms/.test(err.message),
      );
      const took = performance.now() - started;
      assert.ok(took >= 950 && took < 4000, `failed after ${took} ms`);
      // Run here, the spin would hold this event loop for the whole budget (1000 ms); a loaded machine's own
      // scheduling delays stay well under half of that.
      assert.ok(stall < 500, `the event loop waited ${stall} ms`);
      // The next page renders in a new worker.
      assert.equal((await pool.run(page(GOOD, '/next'))).rendered.html, '<h1>Hello /next</h1>');
      assert.equal(pool.stats.stalled, 1);
      assert.equal(pool.stats.started, 2);
    } finally {
      await pool.close();
    }
  });

  it('fails a render that waits too long on its data, but keeps a worker that still answers', async () => {
    const pool = newPool();
    try {
      await assert.rejects(pool.run(page(SLOW)), /longer than 1000 ms/);
      assert.equal((await pool.run(page(GOOD))).rendered.html, '<h1>Hello /</h1>');
      assert.equal(pool.stats.stalled, 0);
      assert.equal(pool.stats.started, 1);
    } finally {
      await pool.close();
    }
  });

  it('fails the render of a module that crashes its worker, and carries on in a new one', async () => {
    const pool = newPool();
    try {
      await assert.rejects(pool.run(page(CRASH)), RenderError);
      assert.equal((await pool.run(page(GOOD))).rendered.html, '<h1>Hello /</h1>');
      assert.equal(pool.stats.exited, 1);
      assert.equal(pool.stats.started, 2);
    } finally {
      await pool.close();
    }
  });

  it('fails the render of a module that runs out of memory, and carries on in a new worker', async () => {
    // The worker ends either way: out of memory (V8 ends the isolate), or, when V8 keeps collecting garbage near
    // the limit instead (seen on a loaded machine), as a worker that no longer answers after the render's budget.
    // Its end may come after the rejection, so it is waited for.
    const pool = newPool({ memoryMb: 32, budgetMs: 20_000 });
    try {
      await assert.rejects(pool.run(page(HOG)), RenderError);
      assert.equal((await pool.run(page(GOOD))).rendered.html, '<h1>Hello /</h1>');
      const ended = () => pool.stats.exited + pool.stats.stalled;
      for (let i = 0; i < 100 && ended() < 1; i++) await delay(100);
      assert.equal(ended(), 1);
      assert.equal(pool.stats.started, 2);
    } finally {
      await pool.close();
    }
  });

  it('fails a broken page at once (an error in the render), without replacing the worker', async () => {
    const pool = newPool();
    try {
      const broken = remote('broken', `component: () => { throw new Error('bad page'); }`);
      await assert.rejects(pool.run(page(broken)), /bad page/);
      assert.equal((await pool.run(page(GOOD))).rendered.html, '<h1>Hello /</h1>');
      assert.equal(pool.stats.started, 1);
    } finally {
      await pool.close();
    }
  });

  it('reads its settings from the environment, ignoring what is not a positive number', () => {
    assert.equal(positiveNumber('3000', 4000), 3000);
    assert.equal(positiveNumber(undefined, 4000), 4000);
    assert.equal(positiveNumber('', 4000), 4000);
    assert.equal(positiveNumber('-1', 4000), 4000);
    assert.equal(positiveNumber('soon', 4000), 4000);
  });
});
