// The shell's site in one process (site.ts) on a release store of its own with stand-in shell releases: a visitor
// who pinned a kept shell release on /release-override gets that release's pages and files; cleared (or a release
// the store does not keep), the live release or the canary by bucket again.
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LocalStore, canary, deploy, publish } from '@referio/release';
import { configFrom } from '../config';
import { OVERRIDE_COOKIE } from '../remotes/overrides';
import { openSite, type ShellSite } from './site';
import { shellDist } from './test-shell-build';

const by = 'site test';
let root: string;
let store: LocalStore;
let site: ShellSite;
let server: http.Server;
let base: string;
const versions: Record<string, string> = {};

async function get(url: string, cookie = '') {
  const res = await fetch(`${base}${url}`, { headers: { accept: 'text/html', cookie } });
  return {
    status: res.status,
    version: res.headers.get('referio-shell-release'),
    body: await res.text(),
  };
}
const pin = (version: string, bucket = 99) =>
  `referio_bucket=${bucket}; ${OVERRIDE_COOKIE}=${encodeURIComponent(JSON.stringify({ shell: version }))}`;

beforeAll(async () => {
  // The stand-in builds have no server bundle: each release says its pages render in the browser.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-site-'));
  store = new LocalStore(path.join(root, 'store'));
  for (const name of ['one', 'two', 'three'])
    versions[name] = (
      await publish(store, { app: 'shell', dist: shellDist(root, name), semver: '0.1.0', by })
    ).record.version;
  await deploy(store, 'shell', versions.one!, { by });
  await canary(store, 'shell', versions.two!, 50, { by });
  const config = await configFrom(
    ['--app', 'shell', '--store', store.dir, '--api', 'http://127.0.0.1:9'],
    { LOG_REQUESTS: 'false' },
  );
  site = await openSite(config);
  server = http.createServer(site.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await site?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

test('a pinned shell release: its pages, its /remotes.json and its files; cleared, live or canary again', async () => {
  expect(await get('/', 'referio_bucket=99')).toMatchObject({ status: 200, version: versions.one });
  const pinned = await get('/', pin(versions.three!));
  expect(pinned).toMatchObject({ status: 200, version: versions.three });
  expect(pinned.body).toContain('<script defer src="/main.three.js">');
  expect((await get('/remotes.json', pin(versions.three!))).version).toBe(versions.three);
  expect((await get('/main.three.js', pin(versions.three!))).status).toBe(200);
  expect(site.pinned?.versions).toEqual([versions.three]);
  // The override page itself is answered by the pinned release.
  expect((await get('/release-override', pin(versions.three!))).version).toBe(versions.three);
  // Cleared: the bucket decides again.
  expect((await get('/', 'referio_bucket=99')).version).toBe(versions.one);
  expect((await get('/', 'referio_bucket=0')).version).toBe(versions.two);
});

test('pinned to the live release or the canary, that release whatever the bucket', async () => {
  expect((await get('/', pin(versions.one!, 0))).version).toBe(versions.one);
  expect((await get('/', pin(versions.two!, 99))).version).toBe(versions.two);
});

test('a release the store does not keep is not served: the live release or canary instead', async () => {
  expect((await get('/', pin('9.9.9+0000000000', 99))).version).toBe(versions.one);
  expect((await get('/', pin('..', 0))).version).toBe(versions.two);
  expect(site.pinned?.versions).not.toContain('..');
});
