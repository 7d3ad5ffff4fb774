// The render pool (render-pool.ts): renders run in worker threads with a time and a memory budget; a render
// that spins, crashes or hogs memory fails its page (which the server then renders in the browser), its
// worker is replaced, and the server's own event loop never waits for it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { positiveNumber } from '../env';
import { RenderError, RenderPool, type RenderPoolOptions } from './render-pool';
import type { RemoteModule } from './tasks';
import { transpileFolder } from '../test/transpile';

/** The worker as JavaScript, as the compiled server runs it. */
let workerFile: string;
let dir: string;
let serverBundle: string;

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

const remote = (name: string, body: string, version = '1'): RemoteModule => ({
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

const page = (r: RemoteModule, pathname = '/') => ({
  kind: 'page' as const,
  url: `http://localhost${pathname}`,
  module: `${r.name}/Landing`,
  expose: './Landing',
  remote: r,
});

beforeAll(() => {
  workerFile = path.join(transpileFolder(__dirname), 'render-worker.js');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-pool-'));
  serverBundle = path.join(dir, 'render.js');
  fs.writeFileSync(serverBundle, FAKE_SHELL);
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(path.dirname(workerFile), { recursive: true, force: true });
});

/** A pool whose workers have started (their start is not what a budget here measures). */
async function newPool(options: Partial<RenderPoolOptions> = {}) {
  const pool = new RenderPool({
    workerData: { serverBundle, apiBaseUrl: 'http://api.test/api' },
    workerFile,
    size: 1,
    budgetMs: 1000,
    memoryMb: 64,
    log: () => undefined,
    ...options,
  });
  await pool.ready();
  return pool;
}

/** Until the pool has replaced its ended worker and the new one has started. */
async function replaced(pool: RenderPool, ended: () => boolean) {
  for (let i = 0; i < 200 && !(ended() && pool.slots.size === 1); i++) await delay(50);
  await pool.ready();
}

/** The longest the main thread's event loop was held up while `promise` ran (a timer every 10 ms). */
async function longestStall(promise: Promise<unknown>) {
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
    const pool = await newPool();
    try {
      const out = await pool.run(page(GOOD, '/company-list'));
      expect(out.rendered?.html).toBe('<h1>Hello /company-list</h1>');
      expect((out.rendered?.state as { api?: string }).api).toBe('http://api.test/api');
      expect(out.head).toEqual({ title: 'good' });
      const notFound = await pool.run({ kind: 'notFound', url: 'http://localhost/nope' });
      expect(notFound.rendered.status).toBe(404);
      expect((await pool.run({ kind: 'sitemap', remote: GOOD })).paths).toEqual(['/good']);
      // A page the module does not render: no HTML, the server sends the page for the browser to render.
      const none = await pool.run({ ...page(GOOD), expose: './Nope' });
      expect(none.rendered).toBeNull();
    } finally {
      await pool.close();
    }
  });

  it('sends a module version to a worker once, and a new version when it changes', async () => {
    const pool = await newPool();
    const sent: boolean[] = [];
    try {
      for (const slot of pool.slots) {
        const post = slot.worker.postMessage.bind(slot.worker);
        slot.worker.postMessage = (msg: { remote?: { code?: string } }) => {
          if (msg.remote) sent.push(typeof msg.remote.code === 'string');
          post(msg);
        };
      }
      await pool.run(page(GOOD));
      await pool.run(page(GOOD));
      const next = remote('good', `component: () => 'v2'`, '2');
      expect((await pool.run(page(next))).rendered?.html).toBe('v2');
      expect(sent).toEqual([true, false, true]);
    } finally {
      await pool.close();
    }
  });

  it('ends a render that spins past its budget, keeps the event loop free, and replaces the worker', async () => {
    const pool = await newPool();
    try {
      await pool.run(page(GOOD));
      const started = performance.now();
      const spinning = pool.run(page(SPIN));
      const stall = await longestStall(spinning);
      await expect(spinning).rejects.toThrow(RenderError);
      await expect(spinning).rejects.toThrow(/longer than 1000 ms/);
      const took = performance.now() - started;
      expect(took).toBeGreaterThanOrEqual(950);
      expect(took).toBeLessThan(4000);
      // Run here, the spin would hold this event loop for the whole budget (1000 ms); a loaded machine's own
      // scheduling delays stay well under half of that.
      expect(stall).toBeLessThan(500);
      // The next page renders in a new worker.
      await replaced(pool, () => pool.stats.stalled === 1);
      expect((await pool.run(page(GOOD, '/next'))).rendered?.html).toBe('<h1>Hello /next</h1>');
      expect(pool.stats.stalled).toBe(1);
      expect(pool.stats.started).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('fails a render that waits too long on its data, but keeps a worker that still answers', async () => {
    const pool = await newPool();
    try {
      await expect(pool.run(page(SLOW))).rejects.toThrow(/longer than 1000 ms/);
      expect((await pool.run(page(GOOD))).rendered?.html).toBe('<h1>Hello /</h1>');
      expect(pool.stats.stalled).toBe(0);
      expect(pool.stats.started).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('fails the render of a module that crashes its worker, and carries on in a new one', async () => {
    const pool = await newPool();
    try {
      await expect(pool.run(page(CRASH))).rejects.toThrow(RenderError);
      await replaced(pool, () => pool.stats.exited === 1);
      expect((await pool.run(page(GOOD))).rendered?.html).toBe('<h1>Hello /</h1>');
      expect(pool.stats.exited).toBe(1);
      expect(pool.stats.started).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('fails the render of a module that runs out of memory, and carries on in a new worker', async () => {
    // The worker ends either way: out of memory (V8 ends the isolate), or, when V8 keeps collecting garbage near
    // the limit instead (seen on a loaded machine), as a worker that no longer answers after the render's budget.
    // Its end may come after the rejection, so it is waited for.
    const pool = await newPool({ memoryMb: 32, budgetMs: 20_000 });
    try {
      await expect(pool.run(page(HOG))).rejects.toThrow(RenderError);
      expect((await pool.run(page(GOOD))).rendered?.html).toBe('<h1>Hello /</h1>');
      const ended = () => pool.stats.exited + pool.stats.stalled;
      for (let i = 0; i < 100 && ended() < 1; i++) await delay(100);
      expect(ended()).toBe(1);
      expect(pool.stats.started).toBe(2);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('counts a worker that exits while its stall ping waits once, as exited', async () => {
    // Over the budget (the default 1,000 ms, so that the next page's first render in a new worker has time on a
    // loaded machine, where 200 ms once ran out), so the pool pings it; it exits at 1,200 ms, before the ping's
    // 500 ms are up.
    const exits = remote(
      'exits',
      `component: () => { const end = Date.now() + 1200; while (Date.now() < end) {} process.exit(3); }`,
    );
    const pool = await newPool();
    try {
      await expect(pool.run(page(exits))).rejects.toThrow(RenderError);
      await replaced(pool, () => pool.stats.exited >= 1);
      expect((await pool.run(page(GOOD))).rendered?.html).toBe('<h1>Hello /</h1>');
      expect(pool.stats).toEqual({ started: 2, exited: 1, stalled: 0 });
    } finally {
      await pool.close();
    }
  });

  it('fails a broken page at once (an error in the render), without replacing the worker', async () => {
    const pool = await newPool();
    try {
      const broken = remote('broken', `component: () => { throw new Error('bad page'); }`);
      await expect(pool.run(page(broken))).rejects.toThrow(/bad page/);
      expect((await pool.run(page(GOOD))).rendered?.html).toBe('<h1>Hello /</h1>');
      expect(pool.stats.started).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('reads its settings from the environment, ignoring what is not a positive number', () => {
    expect(positiveNumber('3000', 4000)).toBe(3000);
    expect(positiveNumber(undefined, 4000)).toBe(4000);
    expect(positiveNumber('', 4000)).toBe(4000);
    expect(positiveNumber('-1', 4000)).toBe(4000);
    expect(positiveNumber('soon', 4000)).toBe(4000);
  });
});
