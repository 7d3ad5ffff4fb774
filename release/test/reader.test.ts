// What the shell's servers read of the store and of the app table: which versions an app keeps (names only),
// the folder its releases are served from, and the apps with their ports.
import fs from 'node:fs';
import path from 'node:path';
import { apiPort, appByDir, apps, remoteApps } from '../src/apps';
import { releasesDir, releaseVersions } from '../src/releases';
import { cleanTmp, localStore, releaseBuild } from './fixtures';

afterAll(cleanTmp);

const by = 'reader test';

describe('releaseVersions', () => {
  it("lists an app's kept versions by name, and nothing for an app without releases or a name that is not one", async () => {
    const store = localStore();
    const one = await releaseBuild(store, 'mfe-chat', { name: 'mfe_chat' }, { by });
    const two = await releaseBuild(
      store,
      'mfe-chat',
      { name: 'mfe_chat', text: 'another build' },
      { by },
    );
    // A half-written record (written to a temporary name first) is not a release.
    fs.writeFileSync(path.join(store.dir, 'meta', 'mfe-chat', 'x.json.123.tmp'), '{');
    expect((await releaseVersions(store, 'mfe-chat')).sort()).toEqual([one, two].sort());
    expect(await releaseVersions(store, 'mfe-public')).toEqual([]);
    expect(await releaseVersions(store, '../meta')).toEqual([]);
  });
});

describe('releasesDir', () => {
  it("is the folder of the app's releases in a folder store; an unknown name is refused", () => {
    const store = localStore();
    expect(releasesDir(store, 'mfe-chat')).toBe(path.join(store.dir, 'releases', 'mfe-chat'));
    expect(() => releasesDir(store, 'Not An App')).toThrow(/not an app name/);
  });
});

describe('apps', () => {
  it('names the shell and each remote once, with a port of its own, and the API port', () => {
    expect(apps.filter((a) => a.host).map((a) => a.dir)).toEqual(['shell']);
    expect(remoteApps.map((a) => a.name)).toContain('mfe_public');
    expect(new Set(apps.map((a) => a.port)).size).toBe(apps.length);
    expect(appByDir('mfe-chat')).toEqual(expect.objectContaining({ name: 'mfe_chat' }));
    expect(() => appByDir('nope')).toThrow(/Unknown app 'nope'/);
    expect(apiPort({})).toBe(4000);
    expect(apiPort({ API_PORT: '4100' })).toBe(4100);
  });
});
