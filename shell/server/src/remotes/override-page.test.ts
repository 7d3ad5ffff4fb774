// The override page with the shell's releases (override-page.ts): what it says this browser gets and why (live,
// canary bucket or override), for the shell as for a remote, and what the deploy guard refuses next to the releases
// this browser runs: the live ones and their canaries, or the ones it pinned.
import Fastify from 'fastify';
import { LocalStore, POINTER_KEY, putJson, type Pointer } from '@referio/release';
import { formText, overrideCookie, pageFor, postOverride } from '../test/override-page';
import { keepRelease, sharedOf, tmpDir } from '../test/release-store';
import { BUCKET_COOKIE } from './buckets';
import { registerOverrideRoutes } from './override-routes';
import { storeRemotes } from './remotes';

const S2 = '0.2.0+aaaaaaaaaa';
const S2B = '0.2.1+bbbbbbbbbb';
/** A shell on @referio/shared 0.3.0: the live remote (^0.2.0) cannot work with it. */
const S3 = '0.3.0+cccccccccc';
const R2 = '0.1.0+dddddddddd';
/** A remote requiring @referio/shared ^0.3.0: only S3 works with it. */
const R3 = '0.2.0+eeeeeeeeee';
const SITE = 'http://localhost:3000';

const pointer: Pointer = {
  apps: {
    shell: { live: S2, since: '', past: [], canary: { version: S2B, percent: 50, since: '' } },
    'mfe-referrer': { live: R2, since: '', past: [] },
  },
};

async function makeStore(): Promise<LocalStore> {
  const store = new LocalStore(tmpDir('referio-override-page-'));
  await putJson(store, POINTER_KEY, pointer);
  const keep = (app: string, version: string, manifest: object) =>
    keepRelease(store, app, version, manifest);
  for (const [v, s] of [
    [S2, '0.2.0'],
    [S2B, '0.2.0'],
    [S3, '0.3.0'],
  ] as const)
    await keep('shell', v, { name: 'shell', ...sharedOf(s, `^${s}`) });
  await keep('mfe-referrer', R2, { name: 'mfe_referrer', ...sharedOf('0.2.0', '^0.2.0') });
  await keep('mfe-referrer', R3, { name: 'mfe_referrer', ...sharedOf('0.3.0', '^0.3.0') });
  return store;
}

/** The override routes as the shell release `served` answers them. */
async function overrideServer(served: string) {
  const remotes = storeRemotes(await makeStore());
  const server = Fastify();
  registerOverrideRoutes(server, {
    remotes,
    siteUrl: SITE,
    secure: false,
    dev: false,
    shellRelease: served,
  });
  await server.ready();
  return server;
}
type Server = Awaited<ReturnType<typeof overrideServer>>;

const optionsOf = (html: string, app: string) =>
  [
    ...(new RegExp(`<legend>${app}</legend>.*?</fieldset>`).exec(html)?.[0] ?? '').matchAll(
      /<option value="([^"]+)"/g,
    ),
  ].map((m) => m[1]);
const post = (server: Server, cookie: string, fields: Record<string, string>) =>
  postOverride(server, { origin: SITE, cookie }, fields);

const liveReason = `the live mfe-referrer ${R2} requires @referio/shared ^0.2.0, shell ${S3} provides 0.3.0: deploy a mfe-referrer that accepts it first`;

test('the shell: who gets what, and which release this browser gets and why (canary bucket, live, override)', async () => {
  const server = await overrideServer(S2B);
  const inCanary = formText(await pageFor(server, `${BUCKET_COOKIE}=7`), 'shell');
  expect(inCanary).toContain(
    `Live: ${S2}, for everyone outside the canary. Canary: ${S2B}, for 50 % of visitors.`,
  );
  expect(inCanary).not.toContain('for everyone.');
  expect(inCanary).toContain(`This browser gets: ${S2B} (canary: this browser is among its 50 %)`);
  expect(inCanary).not.toContain('This page was answered by');
  const outside = formText(await pageFor(server, `${BUCKET_COOKIE}=93`), 'shell');
  expect(outside).toContain(`This browser gets: ${S2} (live: this browser is not in the canary)`);
  // Answered by another release than the one chosen: the page says so.
  expect(outside).toContain(
    `This page was answered by shell ${S2B}, not ${S2}: this server could not serve it.`,
  );
  const pinned = formText(
    await pageFor(server, `${BUCKET_COOKIE}=7; ${overrideCookie({ shell: S2 })}`),
    'shell',
  );
  expect(pinned).toContain(`This browser gets: ${S2} (your override)`);
  await server.close();
});

test("a shell release the live remotes cannot work with is listed with the guard's reason, not offered, and cannot be set", async () => {
  const server = await overrideServer(S2);
  const html = await pageFor(server, `${BUCKET_COOKIE}=93`);
  expect(optionsOf(html, 'shell')).toEqual([S2B, S2]);
  expect(formText(html, 'shell')).toContain(
    `Refused by the deploy guard next to what is live (not offered): ${S3} : ${liveReason}`,
  );
  // The remote refused next to the live shell and its canary, each named.
  expect(formText(html, 'mfe-referrer')).toContain(
    `${R3} : mfe-referrer ${R3} requires @referio/shared ^0.3.0, the live shell (shell ${S2}) provides 0.2.0: deploy the shell first; ` +
      `mfe-referrer ${R3} requires @referio/shared ^0.3.0, the shell's canary (shell ${S2B}) provides 0.2.0: deploy the shell first`,
  );
  const set = await post(server, '', { app: 'shell', version: S3, action: 'set' });
  expect(set.statusCode).toBe(400);
  expect(set.body).toBe(`shell ${S3} is refused by the deploy guard: ${liveReason}.`);
  const ok = await post(server, '', { app: 'shell', version: S2B, action: 'set' });
  expect(ok.statusCode).toBe(303);
  expect(String(ok.headers['set-cookie'])).toBe(
    `${overrideCookie({ shell: S2B })}; Path=/; Max-Age=86400; SameSite=Strict; HttpOnly`,
  );
  await server.close();
});

test("next to this browser's pinned releases: the pinned shell decides what a remote may be, and the other way round", async () => {
  const server = await overrideServer(S3);
  // A remote pinned (before the guard refused it): the shell that works with it is offered.
  const withRemote = overrideCookie({ 'mfe-referrer': R3 });
  const html = await pageFor(server, withRemote);
  expect(optionsOf(html, 'shell')).toEqual([S3]);
  expect(formText(html, 'shell')).toContain(
    `Refused by the deploy guard next to what is live and this browser's overrides (not offered): ${S2B} : ` +
      `the pinned mfe-referrer ${R3} requires @referio/shared ^0.3.0, shell ${S2B} provides 0.2.0`,
  );
  const set = await post(server, withRemote, { app: 'shell', version: S3, action: 'set' });
  expect(set.statusCode).toBe(303);
  const both = String(set.headers['set-cookie']).split(';')[0]!;
  expect(both).toBe(overrideCookie({ 'mfe-referrer': R3, shell: S3 }));
  // The shell pinned alone: the live remote it cannot work with is what this browser gets, with the warning.
  const shellOnly = await pageFor(server, overrideCookie({ shell: S3 }));
  const remote = formText(shellOnly, 'mfe-referrer');
  const reason = `mfe-referrer ${R2} requires @referio/shared ^0.2.0, the pinned shell (shell ${S3}) provides 0.3.0`;
  expect(remote).toContain(
    `This browser gets: ${R2} (live) Refused by the deploy guard: ${reason}. Its pages may fail to load in this browser.`,
  );
  expect(remote).toContain(
    `Refused by the deploy guard next to what is live and this browser's overrides (not offered): ${R2} : ${reason}`,
  );
  expect(optionsOf(shellOnly, 'mfe-referrer')).toEqual([R3]);
  // Cleared: back to live and canary assignment.
  const cleared = await post(server, both, { app: 'shell', action: 'clear' });
  expect(String(cleared.headers['set-cookie']).split(';')[0]).toBe(withRemote);
  await server.close();
});
