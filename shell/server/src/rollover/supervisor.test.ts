// The shell's server as it runs (serve.ts → the supervisor and its processes, from this source), on a release store
// of its own with stand-in shell releases and a stand-in API: a deploy, a canary, a release that cannot start and a
// SIGHUP, each handed over without a refused or failed request (docs/releases.md).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LocalStore, abort, canary, deploy, publish, readPointer } from '@referio/release';
import { shellDist } from './test-shell-build';

const SRC = path.resolve(__dirname, '..');
// Each handover starts a process that compiles this source as it loads (test/register-ts.js): seconds each, many
// more on a loaded machine. The waits themselves end on what the server says, not on a clock.
jest.setTimeout(240_000);
const by = 'supervisor test';

interface Answer {
  status?: number;
  version?: string;
  cookie?: string;
  timing?: string;
  body?: string;
  error?: string;
}

/** One GET on a connection of its own. */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            version: res.headers['referio-shell-release'] as string | undefined,
            cookie: res.headers['set-cookie']?.join('; '),
            timing: res.headers['server-timing'] as string | undefined,
            body,
          }),
        );
      })
      .on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
  });
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

let root: string;
let store: LocalStore;
let base: string;
let child: ChildProcess;
let output = '';
const events: { event: string; [k: string]: unknown }[] = [];
const versions: Record<string, string> = {};
/** The stand-in API: /api/slow answers when `releaseSlow` is called; /api/stream is an event stream kept open. */
let api: http.Server;
let releaseSlow: (() => void) | null = null;

/** Polls `check` until it gives a value; fails as soon as the server has exited. */
async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited before ${what}:\n${output}`);
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const versionOf = async (bucket = 99) =>
  (await get(`${base}/remotes.json`, { cookie: `referio_bucket=${bucket}` })).version;

const eventsOf = (kind: string) => events.filter((e) => e.event === `shell.${kind}`);

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-supervisor-'));
  store = new LocalStore(path.join(root, 'store'));
  for (const [name, broken] of [
    ['one', false],
    ['two', false],
    ['broken', true],
  ] as const) {
    const dist = shellDist(root, name, broken);
    versions[name] = (
      await publish(store, { app: 'shell', dist, semver: '0.1.0', by })
    ).record.version;
  }
  await deploy(store, 'shell', versions.one!, { by });
  api = http.createServer((req, res) => {
    if (req.url === '/api/slow') {
      releaseSlow = () => res.writeHead(200, { 'content-type': 'text/plain' }).end('slow');
      return;
    }
    if (req.url === '/api/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream' }).write('data: hi\n\n');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const apiUrl = `http://127.0.0.1:${(api.address() as net.AddressInfo).port}`;
  child = spawn(
    process.execPath,
    [
      '--conditions=referio-source',
      '--require',
      path.join(SRC, 'test', 'register-ts.js'),
      path.join(SRC, 'serve.ts'),
      ...['--app', 'shell', '--store', store.dir, '--host', '127.0.0.1', '--api', apiUrl],
    ],
    { env: { ...process.env, PORT: String(port), LOG_REQUESTS: 'false' }, stdio: 'pipe' },
  );
  child.stdout!.on('data', (d: Buffer) => {
    output += d;
    for (const line of String(d).split('\n'))
      if (line.startsWith('{"time"') && line.includes('"event":"shell.'))
        events.push(JSON.parse(line) as (typeof events)[number]);
  });
  child.stderr!.on('data', (d: Buffer) => (output += d));
  await until('it answered', async () => ((await versionOf()) ? true : undefined));
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  if (api) {
    api.closeAllConnections();
    await new Promise((r) => api.close(r));
  }
  fs.rmSync(root, { recursive: true, force: true });
});

it('serves the live shell release, its pages and /remotes.json saying which', async () => {
  expect(await versionOf()).toBe(versions.one);
  const page = await get(`${base}/`, { accept: 'text/html' });
  expect(page).toMatchObject({ status: 200, version: versions.one });
  expect(page.body).toContain('<title>');
  // The tab reads its shell release from the page's timing (shell/src/federation/remotesConfig.ts).
  expect(page.timing).toBe(`shell-release;desc="${versions.one}"`);
  expect(eventsOf('started')).toHaveLength(1);
});

it('hands a deploy over: the old process finishes its request in flight, ends its event stream, refuses nobody', async () => {
  // A request in flight and an event stream, both on the process serving `one`.
  const slow = get(`${base}/api/slow`);
  const stream = new Promise<string>((resolve) => {
    http.get(
      `${base}/api/stream`,
      { agent: false, headers: { accept: 'text/event-stream' } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d));
        res.on('end', () => resolve(text));
      },
    );
  });
  await until('the slow request reached the API', () => (releaseSlow ? true : undefined));
  const failures: Answer[] = [];
  let looping = true;
  const loop = (async () => {
    while (looping) {
      const r = await get(`${base}/remotes.json`);
      if (r.status !== 200) failures.push(r);
    }
  })();

  await deploy(store, 'shell', versions.two!, { by, note: 'handover' });
  await until('new connections get the new release', async () =>
    (await versionOf()) === versions.two ? true : undefined,
  );
  // The old process drains: its stream was ended (the browser reconnects), its request is still answered.
  expect(await stream).toContain('data: hi');
  releaseSlow!();
  expect(await slow).toMatchObject({ status: 200, body: 'slow', version: versions.one });
  const [handover] = await until('the handover was logged', () =>
    eventsOf('handover').length ? eventsOf('handover') : undefined,
  );
  looping = false;
  await loop;
  expect(failures).toEqual([]);
  expect(handover!.inFlight).toBeGreaterThanOrEqual(2);
  expect(handover).toMatchObject({
    from: versions.one,
    to: versions.two,
    streams: 1,
    cut: 0,
  });
});

it('serves a shell canary to the visitors whose bucket is below its percent, and a bucket to a new visitor', async () => {
  await canary(store, 'shell', versions.one!, 50, { by, note: 'canary' });
  await until('the canary is served', async () =>
    (await versionOf(0)) === versions.one ? true : undefined,
  );
  expect(await versionOf(49)).toBe(versions.one);
  expect(await versionOf(50)).toBe(versions.two);
  // A first page: the bucket in its cookie is the one its release was chosen by.
  const page = await get(`${base}/`, { accept: 'text/html' });
  const bucket = Number(/referio_bucket=(\d+)/.exec(page.cookie ?? '')?.[1]);
  expect(page.version).toBe(bucket < 50 ? versions.one : versions.two);
  // Each release's hashed files are served by both sides (a tab of the other release still loads its own).
  expect((await get(`${base}/main.one.js`, { cookie: 'referio_bucket=99' })).status).toBe(200);
  expect((await get(`${base}/main.two.js`, { cookie: 'referio_bucket=0' })).status).toBe(200);
  await abort(store, 'shell', { by });
  await until('the canary is gone', async () =>
    (await versionOf(0)) === versions.two ? true : undefined,
  );
  // Its visitors got the live release at once; the processes without the canary's come next.
  await until('the handover without the canary', () =>
    eventsOf('handover').find((e) => e.to === versions.two && String(e.from).includes('canary')),
  );
});

it('keeps serving when a release cannot start, and hands over on SIGHUP (new server code)', async () => {
  const before = eventsOf('handover').length;
  await deploy(store, 'shell', versions.broken!, { by, note: 'broken' });
  const [failed] = await until('the failure was logged', () =>
    eventsOf('handover-failed').length ? eventsOf('handover-failed') : undefined,
  );
  expect(failed!.reason).toBe(`pointer: ${versions.broken}`);
  expect(await versionOf()).toBe(versions.two);
  expect((await readPointer(store)).apps.shell?.live).toBe(versions.broken);

  await deploy(store, 'shell', versions.two!, { by, note: 'back' });
  child.kill('SIGHUP');
  const reload = await until('the SIGHUP handover', () =>
    eventsOf('handover').find((e, i) => i >= before && e.reason === 'SIGHUP'),
  );
  expect(reload).toMatchObject({ from: versions.two, to: versions.two });
  expect(await versionOf()).toBe(versions.two);
});
