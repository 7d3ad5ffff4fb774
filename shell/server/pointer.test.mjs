// shell/server/pointer.mjs: which release each visitor gets (live, canary by bucket, override) and the override
// page's rules. Node's test runner (`npm run test:server -w @referio/shell`); a store folder made by hand in the
// layout @referio/release writes (pointer.json, meta/<app>/<version>.json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { apps } from '../../tools/run/apps.mjs';
import {
  assignBucket,
  BUCKET_COOKIE,
  bucketOf,
  createRemotes,
  openStoreView,
  OVERRIDE_COOKIE,
  registerOverride,
} from './pointer.mjs';

const LIVE = '0.1.0+aaaaaaaaaa';
const CANARY = '0.1.1+bbbbbbbbbb';
const OLD = '0.0.9+cccccccccc';

function makeStore(pointer) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-pointer-'));
  fs.writeFileSync(path.join(dir, 'pointer.json'), JSON.stringify(pointer));
  fs.mkdirSync(path.join(dir, 'meta', 'mfe-referrer'), { recursive: true });
  for (const v of [LIVE, CANARY, OLD])
    fs.writeFileSync(path.join(dir, 'meta', 'mfe-referrer', `${v}.json`), '{}');
  return dir;
}

const pointer = {
  apps: {
    'mfe-referrer': {
      live: LIVE,
      since: '',
      past: [OLD],
      canary: { version: CANARY, percent: 50 },
    },
    'mfe-chat': { live: '0.1.0+dddddddddd', since: '', past: [] },
  },
};

const req = (cookie = '') => ({ headers: { cookie }, raw: {} });
const referrerEntry = (list) => list.find((r) => r.name === 'mfe_referrer')?.entry;

test('the live release for everyone, the canary for buckets below its percent, the same on every request', async () => {
  const dir = makeStore(pointer);
  const remotes = createRemotes({ store: await openStoreView(dir) });
  const live = `http://localhost:3003/${LIVE}/mf-manifest.json`;
  const canary = `http://localhost:3003/${CANARY}/mf-manifest.json`;
  assert.equal(referrerEntry(await remotes.remotesFor(req())), live, 'no bucket: live');
  for (const bucket of [0, 1, 49])
    assert.equal(
      referrerEntry(await remotes.remotesFor(req(`${BUCKET_COOKIE}=${bucket}`))),
      canary,
    );
  for (const bucket of [50, 51, 99])
    assert.equal(referrerEntry(await remotes.remotesFor(req(`${BUCKET_COOKIE}=${bucket}`))), live);
  for (let i = 0; i < 5; i++)
    assert.equal(referrerEntry(await remotes.remotesFor(req(`a=1; ${BUCKET_COOKIE}=7`))), canary);
  assert.equal(
    referrerEntry(await remotes.remotesFor(req(`${BUCKET_COOKIE}=abc`))),
    live,
    'junk: no bucket',
  );
  assert.deepEqual(
    (await remotes.remotesFor(req())).map((r) => r.name),
    ['mfe_referrer', 'mfe_chat'],
    'apps with nothing live are left out',
  );
  // Every remote of the port table may serve the page's scripts (a remote with nothing live yet too).
  assert.deepEqual(
    remotes.originsFor(req()),
    apps.filter((a) => !a.host).map((a) => `http://localhost:${a.port}`),
  );
});

test('a deploy is seen within the pointer cache (1 s)', async () => {
  const dir = makeStore(pointer);
  let clock = 0;
  const remotes = createRemotes({ store: await openStoreView(dir), now: () => clock });
  assert.match(
    referrerEntry(await remotes.remotesFor(req())),
    new RegExp(LIVE.replace('+', '\\+')),
  );
  fs.writeFileSync(
    path.join(dir, 'pointer.json'),
    JSON.stringify({ apps: { 'mfe-referrer': { live: OLD, since: '', past: [] } } }),
  );
  clock = 500;
  assert.match(
    referrerEntry(await remotes.remotesFor(req())),
    /0\.1\.0\+a/,
    'cached for up to 1 s',
  );
  clock = 1001;
  assert.match(referrerEntry(await remotes.remotesFor(req())), /0\.0\.9\+c/);
});

test('a bucket is given once, random in 0-99, in a long-lived HttpOnly cookie', () => {
  const seen = new Set();
  for (let i = 0; i < 200; i++) {
    const headers = {};
    const r = req();
    assignBucket(r, { header: (k, v) => (headers[k] = v) });
    const b = bucketOf(r);
    assert.ok(Number.isInteger(b) && b >= 0 && b < 100);
    assert.equal(
      headers['Set-Cookie'],
      `${BUCKET_COOKIE}=${b}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`,
    );
    seen.add(b);
  }
  assert.ok(seen.size > 20, 'random buckets');
  const headers = {};
  assignBucket(req(`${BUCKET_COOKIE}=42`), { header: (k, v) => (headers[k] = v) });
  assert.deepEqual(headers, {}, 'a visitor with a bucket keeps it');
});

test('an override loads a kept release only; anything else is ignored', async () => {
  const dir = makeStore(pointer);
  const remotes = createRemotes({ store: await openStoreView(dir) });
  const with_ = (value) =>
    req(`${OVERRIDE_COOKIE}=${encodeURIComponent(value)}; ${BUCKET_COOKIE}=99`);
  assert.match(referrerEntry(await remotes.remotesFor(with_(`mfe-referrer@${OLD}`))), /0\.0\.9\+c/);
  assert.match(
    referrerEntry(await remotes.remotesFor(with_(`mfe-referrer@${CANARY}`))),
    /0\.1\.1\+b/,
  );
  for (const bad of [
    'mfe-referrer@9.9.9+ffffffffff', // not in the store
    'mfe-referrer@https://evil.example/x',
    'mfe-referrer@../../etc',
    '@@@',
  ]) {
    assert.equal(
      referrerEntry(await remotes.remotesFor(with_(bad))),
      `http://localhost:3003/${LIVE}/mf-manifest.json`,
      bad,
    );
  }
});

test('the explicit remotes file is the same for everyone', async () => {
  const file = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'referio-remotes-')),
    'remotes.json',
  );
  const list = [{ name: 'mfe_referrer', entry: 'http://cdn.example/referrer/mf-manifest.json' }];
  fs.writeFileSync(file, JSON.stringify(list));
  const remotes = createRemotes({ remotesFile: file });
  assert.deepEqual(await remotes.remotesFor(req(`${BUCKET_COOKIE}=1`)), list);
  assert.deepEqual(remotes.originsFor(req()), ['http://cdn.example']);
});

async function overrideServer() {
  const dir = makeStore(pointer);
  const remotes = createRemotes({ store: await openStoreView(dir) });
  const server = Fastify();
  registerOverride(server, remotes, { siteUrl: 'http://localhost:3000' });
  await server.ready();
  return server;
}

const form = (fields) => new URLSearchParams(fields).toString();
const post = (server, headers, fields) =>
  server.inject({
    method: 'POST',
    url: '/release-override',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      host: 'localhost:3000',
      ...headers,
    },
    payload: form(fields),
  });

test('the override is set only by a same-origin POST from the override page, for a kept release', async () => {
  const server = await overrideServer();
  const set = { app: 'mfe-referrer', version: OLD, action: 'set' };
  // A link or another site's form cannot set it.
  for (const headers of [
    {},
    { origin: 'http://evil.example' },
    { origin: 'http://localhost:3000', 'sec-fetch-site': 'cross-site' },
    { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-site' },
  ]) {
    const res = await post(server, headers, set);
    assert.equal(res.statusCode, 403, JSON.stringify(headers));
    assert.equal(res.headers['set-cookie'], undefined);
  }
  const get = await server.inject({
    method: 'GET',
    url: `/release-override?app=mfe-referrer&version=${OLD}`,
  });
  assert.equal(get.headers['set-cookie'], undefined, 'a GET never sets it');

  const ok = await post(
    server,
    { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    set,
  );
  assert.equal(ok.statusCode, 303);
  assert.equal(ok.headers.location, '/release-override');
  const cookie = ok.headers['set-cookie'];
  assert.match(
    cookie,
    new RegExp(
      `^${OVERRIDE_COOKIE}=mfe-referrer%40${encodeURIComponent(OLD)}; Path=/; Max-Age=86400; SameSite=Strict; HttpOnly$`,
    ),
  );

  const unknown = await post(
    server,
    { origin: 'http://localhost:3000' },
    { ...set, version: '9.9.9+0000000000' },
  );
  assert.equal(unknown.statusCode, 400);
  assert.match(unknown.body, /mfe-referrer has no release 9\.9\.9\+0000000000 in the store/);
  assert.equal(
    (await post(server, { origin: 'http://localhost:3000' }, { ...set, app: 'api' })).statusCode,
    400,
  );

  // Shown on the page, and cleared from it.
  const value = cookie.split(';')[0];
  const page = await server.inject({
    method: 'GET',
    url: '/release-override',
    headers: { cookie: value },
  });
  assert.match(
    page.body,
    new RegExp(`You get: <strong>${OLD.replace('+', '\\+')} \\(override\\)</strong>`),
  );
  assert.match(page.body, /<label>Release <select name="version">/);
  const cleared = await post(
    server,
    { origin: 'http://localhost:3000', cookie: value },
    { app: 'mfe-referrer', action: 'clear' },
  );
  assert.equal(cleared.statusCode, 303);
  assert.match(
    cleared.headers['set-cookie'],
    new RegExp(`^${OVERRIDE_COOKIE}=; Path=/; Max-Age=0`),
  );
  await server.close();
});
