// Which release each visitor gets (remotes.ts: live, canary by bucket, override), the buckets, and the override
// routes' rules. A store folder written through @referio/release.
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { LocalStore, POINTER_KEY, putJson, remoteApps, type Pointer } from '@referio/release';
import { formText, overrideCookie, pageFor, postOverride } from '../test/override-page';
import { keepRelease, sharedOf, tmpDir } from '../test/release-store';
import { BUCKET_COOKIE, assignBucket, bucketOf } from './buckets';
import { OVERRIDE_COOKIE } from './overrides';
import { registerOverrideRoutes } from './override-routes';
import { fileRemotes, storeRemotes, type RemoteEntry } from './remotes';

const LIVE = '0.1.0+aaaaaaaaaa';
const CANARY = '0.1.1+bbbbbbbbbb';
const OLD = '0.0.9+cccccccccc';
/** Kept, but needs a @referio/shared the live shell does not provide: the deploy guard refuses it. */
const REFUSED = '0.2.0+eeeeeeeeee';
const SHELL = '0.1.0+ffffffffff';

const pointer: Pointer = {
  apps: {
    'mfe-referrer': {
      live: LIVE,
      since: '',
      past: [OLD],
      canary: { version: CANARY, percent: 50, since: '' },
    },
    'mfe-chat': { live: '0.1.0+dddddddddd', since: '', past: [] },
  },
};

async function makeStore(p: Pointer = pointer, { refused = false } = {}): Promise<LocalStore> {
  const store = new LocalStore(tmpDir('referio-pointer-'));
  await putJson(store, POINTER_KEY, p);
  const remote = { name: 'mfe_referrer', ...sharedOf('0.2.0', '^0.2.0') };
  for (const v of [LIVE, CANARY, OLD]) await keepRelease(store, 'mfe-referrer', v, remote);
  if (refused) {
    await keepRelease(store, 'shell', SHELL, { name: 'shell', ...sharedOf('0.2.0', '^0.2.0') });
    await keepRelease(store, 'mfe-referrer', REFUSED, {
      name: 'mfe_referrer',
      ...sharedOf('0.3.0', '^0.3.0'),
    });
  }
  return store;
}

const req = (cookie = '') => ({ headers: { cookie }, raw: {} });
const referrerEntry = (list: RemoteEntry[]) => list.find((r) => r.name === 'mfe_referrer')?.entry;

test('the live release for everyone, the canary for buckets below its percent, the same on every request', async () => {
  const remotes = storeRemotes(await makeStore());
  const live = `http://localhost:3003/${LIVE}/mf-manifest.json`;
  const canary = `http://localhost:3003/${CANARY}/mf-manifest.json`;
  expect(referrerEntry(await remotes.remotesFor(req()))).toBe(live);
  for (const bucket of [0, 1, 49])
    expect(referrerEntry(await remotes.remotesFor(req(`${BUCKET_COOKIE}=${bucket}`)))).toBe(canary);
  for (const bucket of [50, 51, 99])
    expect(referrerEntry(await remotes.remotesFor(req(`${BUCKET_COOKIE}=${bucket}`)))).toBe(live);
  for (let i = 0; i < 5; i++)
    expect(referrerEntry(await remotes.remotesFor(req(`a=1; ${BUCKET_COOKIE}=7`)))).toBe(canary);
  expect(referrerEntry(await remotes.remotesFor(req(`${BUCKET_COOKIE}=abc`)))).toBe(live);
  // Apps with nothing live are left out.
  expect((await remotes.remotesFor(req())).map((r) => r.name)).toEqual([
    'mfe_referrer',
    'mfe_chat',
  ]);
  // Every remote of the app table may serve the page's scripts (a remote with nothing live yet too).
  expect(remotes.originsFor(req())).toEqual(remoteApps.map((a) => `http://localhost:${a.port}`));
});

test('a deploy is seen within the pointer cache (1 s)', async () => {
  const store = await makeStore();
  let clock = 0;
  const remotes = storeRemotes(store, { now: () => clock });
  expect(referrerEntry(await remotes.remotesFor(req()))).toContain(LIVE);
  await putJson(store, POINTER_KEY, {
    apps: { 'mfe-referrer': { live: OLD, since: '', past: [] } },
  });
  clock = 500;
  expect(referrerEntry(await remotes.remotesFor(req()))).toContain(LIVE);
  clock = 1001;
  expect(referrerEntry(await remotes.remotesFor(req()))).toContain(OLD);
});

test('a bucket is given once, random in 0-99, in a long-lived HttpOnly cookie', () => {
  const seen = new Set<number>();
  for (let i = 0; i < 200; i++) {
    const headers: Record<string, string> = {};
    const r = req();
    assignBucket(r, { header: (k, v) => (headers[k] = v) });
    const b = bucketOf(r)!;
    expect(Number.isInteger(b) && b >= 0 && b < 100).toBe(true);
    expect(headers['Set-Cookie']).toBe(
      `${BUCKET_COOKIE}=${b}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`,
    );
    seen.add(b);
  }
  expect(seen.size).toBeGreaterThan(20);
  const headers: Record<string, string> = {};
  assignBucket(req(`${BUCKET_COOKIE}=42`), { header: (k, v) => (headers[k] = v) });
  expect(headers).toEqual({});
});

test('an override loads a kept release only; anything else is ignored', async () => {
  const remotes = storeRemotes(await makeStore());
  const with_ = (value: string) =>
    req(`${overrideCookie({ 'mfe-referrer': value })}; ${BUCKET_COOKIE}=99`);
  expect(referrerEntry(await remotes.remotesFor(with_(OLD)))).toContain(OLD);
  expect(referrerEntry(await remotes.remotesFor(with_(CANARY)))).toContain(CANARY);
  for (const bad of [
    '9.9.9+ffffffffff',
    'https://evil.example/x',
    'http://localhost:3003/x.json',
    '../../etc',
  ])
    expect(referrerEntry(await remotes.remotesFor(with_(bad)))).toBe(
      `http://localhost:3003/${LIVE}/mf-manifest.json`,
    );
});

test('in development, an entry on this machine replaces a listed remote, from the store or a fixed file', async () => {
  const entry = 'http://localhost:4003/mf-manifest.json';
  const cookie = overrideCookie({ 'mfe-referrer': entry, 'mfe-public': entry });
  const fromStore = storeRemotes(await makeStore(), { dev: true });
  const list = await fromStore.remotesFor(req(cookie));
  expect(referrerEntry(list)).toBe(entry);
  expect(list.map((r) => r.name)).toEqual(['mfe_referrer', 'mfe_chat']);
  const file = path.join(tmpDir('referio-remotes-'), 'remotes.json');
  fs.writeFileSync(
    file,
    JSON.stringify([{ name: 'mfe_referrer', entry: 'http://cdn.example/r/mf-manifest.json' }]),
  );
  expect(referrerEntry(await fileRemotes(file, { dev: true }).remotesFor(req(cookie)))).toBe(entry);
  expect(referrerEntry(await fileRemotes(file).remotesFor(req(cookie)))).toBe(
    'http://cdn.example/r/mf-manifest.json',
  );
});

test('the fixed remotes file is the same for everyone', async () => {
  const file = path.join(tmpDir('referio-remotes-'), 'remotes.json');
  const list = [{ name: 'mfe_referrer', entry: 'http://cdn.example/referrer/mf-manifest.json' }];
  fs.writeFileSync(file, JSON.stringify(list));
  const remotes = fileRemotes(file);
  expect(await remotes.remotesFor(req(`${BUCKET_COOKIE}=1`))).toEqual(list);
  expect(remotes.originsFor(req())).toEqual(['http://cdn.example']);
});

async function overrideServer(dev = false, store?: LocalStore) {
  const remotes = storeRemotes(store ?? (await makeStore()), { dev });
  const server = Fastify();
  registerOverrideRoutes(server, { remotes, siteUrl: 'http://localhost:3000', secure: false, dev });
  await server.ready();
  return server;
}

const SITE = 'http://localhost:3000';

test('the override is set only by a same-origin POST from the override page, for a kept release', async () => {
  const server = await overrideServer();
  const set = { app: 'mfe-referrer', version: OLD, action: 'set' };
  // A link or another site's form cannot set it.
  const tries: Record<string, string>[] = [
    {},
    { origin: 'http://evil.example' },
    { origin: SITE, 'sec-fetch-site': 'cross-site' },
    { origin: SITE, 'sec-fetch-site': 'same-site' },
  ];
  for (const headers of tries) {
    const res = await postOverride(server, headers, set);
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  }
  const get = await server.inject({
    method: 'GET',
    url: `/release-override?app=mfe-referrer&version=${OLD}`,
  });
  expect(get.headers['set-cookie']).toBeUndefined();

  const ok = await postOverride(server, { origin: SITE, 'sec-fetch-site': 'same-origin' }, set);
  expect(ok.statusCode).toBe(303);
  expect(ok.headers.location).toBe('/release-override');
  const cookie = String(ok.headers['set-cookie']);
  expect(cookie).toBe(
    `${overrideCookie({ 'mfe-referrer': OLD })}; Path=/; Max-Age=86400; SameSite=Strict; HttpOnly`,
  );

  const unknown = await postOverride(
    server,
    { origin: SITE },
    { ...set, version: '9.9.9+0000000000' },
  );
  expect(unknown.statusCode).toBe(400);
  expect(unknown.body).toMatch(/mfe-referrer has no release 9\.9\.9\+0000000000 in the store/);
  expect((await postOverride(server, { origin: SITE }, { ...set, app: 'api' })).statusCode).toBe(
    400,
  );

  // Shown on the page, and cleared from it.
  const value = cookie.split(';')[0]!;
  const page = await server.inject({
    method: 'GET',
    url: '/release-override',
    headers: { cookie: value },
  });
  expect(page.body).toContain(`This browser gets: <strong>${OLD} (your override)</strong>`);
  expect(page.body).toContain('<label>Release <select name="version">');
  const cleared = await postOverride(
    server,
    { origin: SITE, cookie: value },
    { app: 'mfe-referrer', action: 'clear' },
  );
  expect(cleared.statusCode).toBe(303);
  expect(String(cleared.headers['set-cookie'])).toMatch(
    new RegExp(`^${OVERRIDE_COOKIE}=; Path=/; Max-Age=0`),
  );
  await server.close();
});

test('/__dev/remote exists in development only, for a listed remote and an entry on this machine', async () => {
  expect(
    (await (await overrideServer()).inject({ url: '/__dev/remote?name=mfe_referrer' })).statusCode,
  ).toBe(404);
  const server = await overrideServer(true);
  const entry = 'http://localhost:4003/mf-manifest.json';
  const set = await server.inject({
    url: `/__dev/remote?name=mfe_referrer&entry=${encodeURIComponent(entry)}`,
  });
  expect(set.statusCode).toBe(302);
  expect(String(set.headers['set-cookie'])).toContain(
    encodeURIComponent(JSON.stringify({ 'mfe-referrer': entry })),
  );
  const unlisted = await server.inject({ url: '/__dev/remote?name=mfe_nope' });
  expect(unlisted.statusCode).toBe(400);
  expect(unlisted.json()).toEqual({ message: 'remotes.json lists no remote "mfe_nope".' });
  const far = await server.inject({
    url: `/__dev/remote?name=mfe_referrer&entry=${encodeURIComponent('https://evil.example/x')}`,
  });
  expect(far.json()).toEqual({ message: 'entry must be an http(s) URL on this machine.' });
  await server.close();
});

test('the override page says who gets what: live and canary with its share, and what this browser gets and why', async () => {
  const server = await overrideServer();
  const inCanary = formText(await pageFor(server, `${BUCKET_COOKIE}=7`), 'mfe-referrer');
  expect(inCanary).toContain(
    `Live: ${LIVE}, for everyone outside the canary. Canary: ${CANARY}, for 50 % of visitors.`,
  );
  expect(inCanary).toContain(
    `This browser gets: ${CANARY} (canary: this browser is among its 50 %)`,
  );
  const outside = formText(await pageFor(server, `${BUCKET_COOKIE}=93`), 'mfe-referrer');
  expect(outside).toContain(`This browser gets: ${LIVE} (live: this browser is not in the canary)`);
  const noCanary = formText(await pageFor(server, `${BUCKET_COOKIE}=7`), 'mfe-chat');
  expect(noCanary).toContain('Live: 0.1.0+dddddddddd, for everyone.');
  expect(noCanary).toContain('This browser gets: 0.1.0+dddddddddd (live)');
  const overridden = formText(
    await pageFor(server, `${BUCKET_COOKIE}=7; ${overrideCookie({ 'mfe-referrer': OLD })}`),
    'mfe-referrer',
  );
  expect(overridden).toContain(`This browser gets: ${OLD} (your override)`);
  // The intro no longer says everyone gets the live release.
  expect(await pageFor(server, '')).toContain(
    'Other browsers get the live release, or the canary if they are among its share of visitors.',
  );
  await server.close();
});

test("a release the deploy guard refuses is listed with the guard's reason, not offered, and cannot be set", async () => {
  const store = await makeStore(
    { apps: { ...pointer.apps, shell: { live: SHELL, since: '', past: [] } } },
    { refused: true },
  );
  const server = await overrideServer(false, store);
  const html = await pageFor(server, '');
  const form = /<legend>mfe-referrer<\/legend>.*?<\/fieldset>/.exec(html)?.[0] ?? '';
  const options = [...form.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]);
  expect(new Set(options)).toEqual(new Set([OLD, CANARY, LIVE]));
  const reason = `mfe-referrer ${REFUSED} requires @referio/shared ^0.3.0, the live shell (shell ${SHELL}) provides 0.2.0: deploy the shell first`;
  expect(formText(html, 'mfe-referrer')).toContain(
    `Refused by the deploy guard next to what is live (not offered): ${REFUSED} : ${reason}`,
  );
  const set = await postOverride(
    server,
    { origin: SITE },
    { app: 'mfe-referrer', version: REFUSED, action: 'set' },
  );
  expect(set.statusCode).toBe(400);
  expect(set.body).toBe(`mfe-referrer ${REFUSED} is refused by the deploy guard: ${reason}.`);
  expect(set.headers['set-cookie']).toBeUndefined();
  // An override chosen before the guard refused it: this browser gets it, with the warning.
  const mine = formText(
    await pageFor(server, overrideCookie({ 'mfe-referrer': REFUSED })),
    'mfe-referrer',
  );
  expect(mine).toContain(
    `This browser gets: ${REFUSED} (your override) Refused by the deploy guard: ${reason}. Its pages may fail to load in this browser: clear the override.`,
  );
  await server.close();
});
