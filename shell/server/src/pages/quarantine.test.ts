// A release whose server render throws or loops, through the page route (page.ts) and the real render pool: after
// a few failed renders its page is quarantined (render/quarantine.ts) and later visits get the client render at
// once, without asking the pool; the log line and the release history say so; a new deploy of the remote renders
// on the server; after the period one probe render is tried. The clock is a fake one; no assertion on timings.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { history, LocalStore } from '@referio/release';
import { RenderPool } from '../render/render-pool';
import { QUARANTINE_FAILURES, QUARANTINE_PERIOD_MS } from '../render/quarantine';
import type { RemoteModule } from '../render/tasks';
import { transpileFolder } from '../test/transpile';
import { DocumentMaker } from './document';
import { answerPage, type PageDeps } from './page';
import { quarantineHistory, quarantineOf } from './pages';

const BROKEN = '0.2.0+bbbbbbbbbb';
const FIXED = '0.2.1+cccccccccc';

/** A stand-in for the shell's dist/server/render.js: renders the page component's string. */
const FAKE_SHELL = `
exports.renderPage = async ({ url, page }) => {
  if (page.prefetch) await page.prefetch();
  return { status: 200, html: page.component(url), state: { queries: [] } };
};
`;

const moduleOf = (version: string, component: string, extra = ''): RemoteModule => ({
  name: 'mfe_public',
  url: `http://localhost:3001/${version}/server/render.js`,
  code: `module.exports = { pages: { './Landing': { ${extra} component: ${component}, head: () => ({ title: 'Landing', description: 'd' }) } } };`,
});

let dir: string;
let workerDir: string;
let pool: RenderPool;
let server: FastifyInstance;
let clock = 1_000_000;
/** The version the pointer names, and its server module. */
let live = { version: BROKEN, module: moduleOf(BROKEN, `() => { throw new Error('boom'); }`) };
const logged: Record<string, unknown>[] = [];
/** The release-history writes the pages started, so the suite can wait for them before removing the store. */
const writes: Promise<void>[] = [];
const tracked =
  <E>(record: (event: E) => Promise<void>) =>
  (event: E): Promise<void> => {
    const write = record(event);
    writes.push(write);
    return write;
  };
let store: LocalStore;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-quarantine-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'render.js'), FAKE_SHELL);
  workerDir = transpileFolder(path.join(__dirname, '..', 'render'));
  pool = new RenderPool({
    workerData: { serverBundle: path.join(dir, 'render.js'), apiBaseUrl: 'http://api.test/api' },
    workerFile: path.join(workerDir, 'render-worker.js'),
    size: 1,
    budgetMs: 1000,
    log: () => undefined,
  });
  await pool.ready();
  store = new LocalStore(path.join(dir, 'store'));
  const deps: PageDeps = {
    render: {
      bundle: {
        matchPage: () => ({
          kind: 'remote',
          module: 'mfe_public/Landing',
          remote: 'mfe_public',
          expose: './Landing',
        }),
      },
      pool,
      stylesheets: {},
      islandsPreloads: null,
    },
    documents: new DocumentMaker({
      dist: dir,
      siteUrl: 'http://localhost:3000',
      islandsPreloads: null,
    }),
    modules: {
      of: async () => ({
        module: live.module,
        manifest: { metaData: { buildInfo: { buildVersion: live.version } } },
        base: new URL(`http://localhost:3001/${live.version}/mf-manifest.json`),
      }),
    },
    remotesFor: async () => [
      { name: 'mfe_public', entry: `http://localhost:3001/${live.version}/mf-manifest.json` },
    ],
    siteUrl: 'http://localhost:3000',
    quarantine: quarantineOf({ now: () => clock, onQuarantine: tracked(quarantineHistory(store)) }),
  };
  server = Fastify();
  server.get('/', (req, reply) => answerPage(deps, req, reply));
  await server.ready();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const write = process.stdout.write.bind(process.stdout);
  jest.spyOn(process.stdout, 'write').mockImplementation((line, ...rest) => {
    if (String(line).startsWith('{"time"')) {
      logged.push(JSON.parse(String(line)) as Record<string, unknown>);
      return true;
    }
    return write(line, ...(rest as []));
  });
});

afterAll(async () => {
  // The history writes are not awaited by the pages (a quarantine never waits on the store): settle them before
  // the store's folder goes, or one would fail (and log) after the tests.
  await Promise.allSettled(writes);
  await server?.close();
  await pool?.close();
  jest.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(workerDir, { recursive: true, force: true });
});

let visitors = 0;

/**
 * A visit to / by a new visitor (another address), or by `from`: whether the pool was asked for a render, and
 * whether the HTML is the server's.
 */
async function visit(from = `10.0.0.${++visitors}`) {
  const run = jest.spyOn(pool, 'run');
  try {
    const res = await server.inject({
      url: '/',
      headers: { accept: 'text/html' },
      remoteAddress: from,
    });
    expect(res.statusCode).toBe(200);
    return {
      rendered: run.mock.calls.length > 0,
      serverHtml: !res.body.includes('<div id="root"></div>'),
    };
  } finally {
    run.mockRestore();
  }
}

/** Until the release history has `n` events (it is written after the answer). */
async function historyOf(n: number) {
  for (let i = 0; i < 100; i++) {
    const events = await history(store, 'mfe-public');
    if (events.length >= n) return events;
    await new Promise((r) => setTimeout(r, 20));
  }
  return history(store, 'mfe-public');
}

it('a release whose server render throws is quarantined after a few visits; later visits do not wait for a render', async () => {
  expect(await visit('10.0.1.1')).toEqual({ rendered: true, serverHtml: false });
  // The same visitor again: not made to wait for another failing render.
  expect(await visit('10.0.1.1')).toEqual({ rendered: false, serverHtml: false });
  for (let i = 1; i < QUARANTINE_FAILURES; i++)
    expect(await visit()).toEqual({ rendered: true, serverHtml: false });
  for (let i = 0; i < 5; i++) expect(await visit()).toEqual({ rendered: false, serverHtml: false });

  expect(logged).toEqual([
    expect.objectContaining({
      app: 'shell',
      event: 'render.quarantined',
      remote: 'mfe_public',
      version: BROKEN,
      page: './Landing',
      failures: QUARANTINE_FAILURES,
      reason: 'boom',
      probeAt: new Date(clock + QUARANTINE_PERIOD_MS).toISOString(),
    }),
  ]);
  const [event] = await historyOf(1);
  expect(event).toEqual(
    expect.objectContaining({
      app: 'mfe-public',
      action: 'quarantine',
      from: BROKEN,
      to: BROKEN,
      page: './Landing',
    }),
  );
  expect(event!.note).toMatch(/^3 failed server renders within 5 min \(last: boom\)/);
  expect(event!.by).toMatch(/^shell server /);
});

it('after the period one visit is a probe; a probe that fails sets the page aside for another period', async () => {
  clock += QUARANTINE_PERIOD_MS;
  expect(await visit()).toEqual({ rendered: true, serverHtml: false });
  expect(await visit()).toEqual({ rendered: false, serverHtml: false });
  expect(logged.at(-1)).toEqual(expect.objectContaining({ event: 'render.probe-failed' }));
  expect(await historyOf(1)).toHaveLength(1); // a failed probe is not a new quarantine
});

it('a new deploy of the remote renders on the server; the quarantined release stays set aside', async () => {
  const broken = live;
  live = { version: FIXED, module: moduleOf(FIXED, `() => '<h1>Fixed</h1>'`) };
  expect(await visit()).toEqual({ rendered: true, serverHtml: true });
  expect(await visit()).toEqual({ rendered: true, serverHtml: true });
  live = broken; // rolled back to the broken one: still set aside
  expect(await visit()).toEqual({ rendered: false, serverHtml: false });
});

it('a probe that succeeds lifts the quarantine, in the log and the history', async () => {
  // The same version's module answering now (what was failing was outside it: the API, say).
  live = { version: BROKEN, module: moduleOf(BROKEN, `() => '<h1>Back</h1>'`) };
  clock += QUARANTINE_PERIOD_MS;
  expect(await visit()).toEqual({ rendered: true, serverHtml: true });
  expect(await visit()).toEqual({ rendered: true, serverHtml: true });
  expect(logged.at(-1)).toEqual(
    expect.objectContaining({ event: 'render.lifted', version: BROKEN, page: './Landing' }),
  );
  const events = await historyOf(2);
  expect(events.map((e) => e.action)).toEqual(['quarantine', 'lift']);
});

it('a release whose render never ends (over the budget every time) is quarantined the same way', async () => {
  const HUNG = '0.3.0+dddddddddd';
  live = {
    version: HUNG,
    module: moduleOf(HUNG, `() => ''`, 'prefetch: () => new Promise(() => {}),'),
  };
  for (let i = 0; i < QUARANTINE_FAILURES; i++)
    expect(await visit()).toEqual({ rendered: true, serverHtml: false });
  expect(await visit()).toEqual({ rendered: false, serverHtml: false });
  expect(logged.at(-1)).toEqual(
    expect.objectContaining({
      event: 'render.quarantined',
      version: HUNG,
      reason: 'the render took longer than 1000 ms',
    }),
  );
});
