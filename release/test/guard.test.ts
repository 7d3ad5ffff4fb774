// The deploy guard on fixture releases in a temporary store: a release that cannot work with the live shell (or a
// shell that cannot work with the live remotes) is refused with the reason, and the pointer does not move.
import fs from 'node:fs';
import path from 'node:path';
import { checkRelease } from '../src/guard';
import { publish, RefusedError } from '../src/releases';
import { canary, deploy, history, readPointer } from '../src/pointer';
import type { Store } from '../src/store';
import {
  cleanTmp,
  localStore,
  makeDist,
  releaseBuild,
  remoteShared,
  shellShared,
  type FixtureBuild,
} from './fixtures';

afterAll(cleanTmp);

const by = 'ci';
const contract = (consumes: Record<string, string[]>) => ({
  name: 'shell',
  version: '0.1.0',
  exposes: {},
  consumes: Object.fromEntries(
    Object.entries(consumes).map(([remote, modules]) => [
      remote,
      Object.fromEntries(modules.map((m) => [m, { props: '{}' }])),
    ]),
  ),
  shared: {},
});

const release = (store: Store, app: string, build: FixtureBuild) =>
  releaseBuild(store, app, build, { by });

async function shellWith(
  store: Store,
  sharedVersion: string,
  routes: string[],
  text = 'shell',
): Promise<string> {
  return release(store, 'shell', {
    name: 'shell',
    host: true,
    text,
    shared: shellShared(sharedVersion),
    contract: contract({ mfe_referrer: routes }),
  });
}

/** Releases and deploys an mfe-referrer that accepts @referio/shared 0.2 and 0.3 (both modules). */
async function deployReferrerAcceptingBoth(store: Store): Promise<void> {
  const both = await release(store, 'mfe-referrer', {
    name: 'mfe_referrer',
    exposes: ['./JobPosts', './ReferralRequests'],
    shared: remoteShared('>=0.2.0 <0.4.0'),
    text: 'accepts both',
  });
  await deploy(store, 'mfe-referrer', both, { by });
}

/**
 * A live mfe-referrer that accepts @referio/shared 0.2 and 0.3 under a shell canary on 0.3 (routing to
 * ./JobPosts only): answers the canary shell's version.
 */
async function liveReferrerUnderShellCanary(store: Store): Promise<string> {
  const shell3 = await shellWith(store, '0.3.0', ['./JobPosts'], 'canary shell');
  await deployReferrerAcceptingBoth(store);
  await canary(store, 'shell', shell3, 10, { by });
  return shell3;
}

describe('the deploy guard', () => {
  let store: Store;
  let shell: string;
  let referrer: string;
  beforeEach(async () => {
    store = localStore();
    shell = await shellWith(store, '0.2.0', ['./JobPosts', './ReferralRequests']);
    await deploy(store, 'shell', shell, { by });
    referrer = await release(store, 'mfe-referrer', {
      name: 'mfe_referrer',
      exposes: ['./JobPosts', './ReferralRequests'],
      shared: remoteShared('^0.2.0'),
    });
    await deploy(store, 'mfe-referrer', referrer, { by });
  });

  it('refuses a remote that requires a newer @referio/shared than the live shell provides, changing nothing', async () => {
    const newer = await release(store, 'mfe-referrer', {
      name: 'mfe_referrer',
      exposes: ['./JobPosts', './ReferralRequests'],
      shared: remoteShared('^0.3.0'),
      text: 'needs 0.3',
    });
    const before = await readPointer(store);
    const events = await history(store);
    const attempt = deploy(store, 'mfe-referrer', newer, { by, note: 'new shared' });
    await expect(attempt).rejects.toThrow(RefusedError);
    await expect(attempt).rejects.toThrow(
      `refused: mfe-referrer ${newer} requires @referio/shared ^0.3.0, the live shell (shell ${shell}) provides 0.2.0: deploy the shell first`,
    );
    await expect(canary(store, 'mfe-referrer', newer, 50, { by })).rejects.toThrow(
      'requires @referio/shared ^0.3.0',
    );
    expect(await readPointer(store)).toEqual(before);
    expect(await history(store)).toEqual(events);

    // The way there: a referrer that accepts both, then a shell that provides 0.3.0, then the release goes.
    await deployReferrerAcceptingBoth(store);
    const shell3 = await shellWith(store, '0.3.0', ['./JobPosts'], 'shell 0.3');
    await deploy(store, 'shell', shell3, { by });
    await deploy(store, 'mfe-referrer', newer, { by });
    expect((await readPointer(store)).apps['mfe-referrer']?.live).toBe(newer);
  });

  it('refuses a remote that lacks a module the live shell routes to', async () => {
    const lacking = await release(store, 'mfe-referrer', {
      name: 'mfe_referrer',
      exposes: ['./JobPosts'],
      shared: remoteShared('^0.2.0'),
      text: 'no requests page',
    });
    const before = await readPointer(store);
    await expect(deploy(store, 'mfe-referrer', lacking, { by })).rejects.toThrow(
      `refused: the live shell (shell ${shell}) routes to mfe_referrer ./ReferralRequests, which mfe-referrer ${lacking} does not expose`,
    );
    expect(await readPointer(store)).toEqual(before);
  });

  it('refuses a shell that routes to a module the live remote lacks, or provides a shared version it cannot use', async () => {
    const routesMore = await shellWith(
      store,
      '0.2.0',
      ['./JobPosts', './ReferralRequests', './Analytics'],
      'more',
    );
    await expect(deploy(store, 'shell', routesMore, { by })).rejects.toThrow(
      `refused: shell ${routesMore} routes to mfe_referrer ./Analytics, which the live mfe-referrer ${referrer} does not expose: deploy mfe-referrer first`,
    );
    const breaking = await shellWith(store, '1.0.0', ['./JobPosts'], 'major');
    await expect(deploy(store, 'shell', breaking, { by })).rejects.toThrow(
      `refused: the live mfe-referrer ${referrer} requires @referio/shared ^0.2.0, shell ${breaking} provides 1.0.0`,
    );
    expect((await readPointer(store)).apps.shell?.live).toBe(shell);
  });

  it('checks a new shell against a running canary too', async () => {
    const next = await release(store, 'mfe-referrer', {
      name: 'mfe_referrer',
      exposes: ['./JobPosts'],
      shared: remoteShared('^0.2.0'),
      text: 'canary',
    });
    // The live shell routes to ./ReferralRequests: this canary is refused as well.
    await expect(canary(store, 'mfe-referrer', next, 50, { by })).rejects.toThrow(
      'does not expose',
    );
    const fewer = await shellWith(store, '0.2.0', ['./JobPosts'], 'fewer');
    await deploy(store, 'shell', fewer, { by });
    await canary(store, 'mfe-referrer', next, 50, { by });
    const again = await shellWith(store, '0.2.0', ['./JobPosts', './ReferralRequests'], 'again');
    await expect(deploy(store, 'shell', again, { by })).rejects.toThrow(
      `which mfe-referrer's canary (mfe-referrer ${next}) does not expose`,
    );
  });

  it('checks a remote against a shell canary too (its visitors run that shell)', async () => {
    const shell3 = await liveReferrerUnderShellCanary(store);
    const only2 = await release(store, 'mfe-referrer', {
      name: 'mfe_referrer',
      exposes: ['./JobPosts', './ReferralRequests'],
      shared: remoteShared('^0.2.0'),
      text: 'only 0.2',
    });
    await expect(deploy(store, 'mfe-referrer', only2, { by })).rejects.toThrow(
      `requires @referio/shared ^0.2.0, the shell's canary (shell ${shell3}) provides 0.3.0`,
    );
  });

  it('names the shell it checks against: the live one and its canary each by name', async () => {
    const shell3 = await liveReferrerUnderShellCanary(store);
    const jobsOnly = await release(store, 'mfe-referrer', {
      name: 'mfe_referrer',
      exposes: ['./JobPosts'],
      shared: remoteShared('^0.2.0'),
      text: 'jobs only',
    });
    expect(await checkRelease(store, await readPointer(store), 'mfe-referrer', jobsOnly)).toEqual([
      `the live shell (shell ${shell}) routes to mfe_referrer ./ReferralRequests, which mfe-referrer ${jobsOnly} does not expose`,
      `mfe-referrer ${jobsOnly} requires @referio/shared ^0.2.0, the shell's canary (shell ${shell3}) provides 0.3.0: deploy the shell first`,
    ]);
  });

  it('checks against a pinned release in place of the live one and its canary', async () => {
    const shell3 = await shellWith(store, '0.3.0', ['./JobPosts'], 'pinned shell');
    const pointer = await readPointer(store);
    expect(
      await checkRelease(store, pointer, 'mfe-referrer', referrer, { pins: { shell: shell3 } }),
    ).toEqual([
      `mfe-referrer ${referrer} requires @referio/shared ^0.2.0, the pinned shell (shell ${shell3}) provides 0.3.0`,
    ]);
    const lacking = await release(store, 'mfe-referrer', {
      name: 'mfe_referrer',
      exposes: ['./JobPosts'],
      shared: remoteShared('^0.2.0'),
      text: 'pinned remote',
    });
    expect(
      await checkRelease(store, pointer, 'shell', shell, { pins: { 'mfe-referrer': lacking } }),
    ).toEqual([
      `shell ${shell} routes to mfe_referrer ./ReferralRequests, which the pinned mfe-referrer ${lacking} does not expose`,
    ]);
  });

  it('reads the routes of a shell without mf-contract.json from its server bundle', async () => {
    const other = localStore();
    const dist = makeDist({ name: 'shell', host: true, shared: shellShared('0.2.0') });
    fs.mkdirSync(path.join(dist, 'server'));
    fs.writeFileSync(
      path.join(dist, 'server', 'render.js'),
      "const remoteModules = {\n  JobPosts: 'mfe_referrer/JobPosts',\n  Chat: 'mfe_chat/Chat',\n};\n// e.g. 'mfe_x/Page' in a comment is not a route\n",
    );
    const { record } = await publish(other, { app: 'shell', dist, semver: '0.1.0', by });
    expect(record.derivedConsumes).toEqual({ mfe_referrer: ['./JobPosts'], mfe_chat: ['./Chat'] });
    await deploy(other, 'shell', record.version, { by });
    const noJobs = await release(other, 'mfe-referrer', {
      name: 'mfe_referrer',
      exposes: ['./GiveReferral'],
    });
    await expect(deploy(other, 'mfe-referrer', noJobs, { by })).rejects.toThrow(
      'routes to mfe_referrer ./JobPosts, which mfe-referrer',
    );
  });
});
