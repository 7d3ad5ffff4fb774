// The release store, releases and the pointer, on both backends: a local folder and an S3-compatible server
// (s3rver). Each test works in a store of its own.
import fs from 'node:fs';
import path from 'node:path';
import S3rver from 's3rver';
import { LocalStore, S3Store, getJson, type Store } from '../src/store';
import {
  fileKey,
  getRelease,
  listReleases,
  mapKey,
  publish,
  RefusedError,
  type ReleaseRecord,
} from '../src/releases';
import {
  abort,
  canary,
  deploy,
  history,
  promote,
  readPointer,
  resolveVersion,
  rollback,
} from '../src/pointer';
import { cleanTmp, makeDist, publishBuild, releaseBuild, tmpDir } from './fixtures';

let s3: S3rver;
let s3Endpoint: string;
let bucketCount = 0;

beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: tmpDir('s3rver'),
    configureBuckets: Array.from({ length: 20 }, (_, i) => ({ name: `releases-${i}` })),
  });
  const { port } = await s3.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3.close();
  cleanTmp();
});

const backends: [string, () => Store][] = [
  ['a local folder', () => new LocalStore(tmpDir('store'))],
  [
    'an S3-compatible bucket (s3rver)',
    () =>
      new S3Store({
        bucket: `releases-${bucketCount++}`,
        prefix: 'site',
        endpoint: s3Endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      }),
  ],
];

const by = 'Ada <ada@example.com>';

describe.each(backends)('the release store in %s', (_label, open) => {
  let store: Store;
  beforeEach(() => {
    store = open();
  });

  it('keeps, lists and deletes objects by key', async () => {
    await store.put('meta/a/1.json', '{"x":1}');
    await store.put('meta/b/2.json', Buffer.from('{"x":2}'));
    await store.put('pointer.json', '{}');
    expect((await store.get('meta/a/1.json'))?.toString()).toBe('{"x":1}');
    expect(await store.get('meta/a/missing.json')).toBeNull();
    expect(await store.list('meta/')).toEqual(['meta/a/1.json', 'meta/b/2.json']);
    expect(await store.list('meta/a/')).toEqual(['meta/a/1.json']);
    await store.delete('meta/a/1.json');
    expect(await store.list('meta/')).toEqual(['meta/b/2.json']);
    await expect(store.get('../etc/passwd')).rejects.toThrow('bad store key');
  });

  it('releases a build under <semver>+<content hash>, stamped into its manifest, source maps kept apart', async () => {
    const dist = makeDist({ name: 'mfe_referrer', exposes: ['./JobPosts'] });
    const { status, record } = await publish(store, {
      app: 'mfe-referrer',
      dist,
      semver: '0.1.0',
      by,
    });
    expect(status).toBe('released');
    expect(record.version).toMatch(/^0\.1\.0\+[0-9a-f]{10}$/);
    expect(record.createdBy).toBe(by);
    const manifest = await getJson<{ metaData: { buildInfo: { buildVersion: string } } }>(
      store,
      fileKey('mfe-referrer', record.version, 'mf-manifest.json'),
    );
    expect(manifest?.metaData.buildInfo.buildVersion).toBe(record.version);
    // Maps are kept, beside the release, not among the files its server serves.
    expect(record.files).not.toContain('main.1234abcd.js.map');
    expect(
      await store.get(fileKey('mfe-referrer', record.version, 'main.1234abcd.js.map')),
    ).toBeNull();
    expect(
      (await store.get(mapKey('mfe-referrer', record.version, 'main.1234abcd.js.map')))?.toString(),
    ).toBe('{"version":3}');
    expect(
      (
        await store.get(fileKey('mfe-referrer', record.version, 'ssr/render.1234abcd.js'))
      )?.toString(),
    ).toContain('v1');
  });

  it('never replaces a release: the same bytes are a no-op, other bytes under the same version are refused', async () => {
    const first = await publishBuild(store, 'mfe-chat', { name: 'mfe_chat' }, { by });
    const again = await publishBuild(
      store,
      'mfe-chat',
      { name: 'mfe_chat' },
      { by: 'someone else' },
    );
    expect(again.status).toBe('unchanged');
    expect(again.record).toEqual(first.record);
    // A different build is a different version...
    const other = await publishBuild(store, 'mfe-chat', { name: 'mfe_chat', text: 'v2' }, { by });
    expect(other.record.version).not.toBe(first.record.version);
    // ...and forcing a kept version onto other bytes is refused, with the release untouched.
    const forced = publish(store, {
      app: 'mfe-chat',
      dist: makeDist({ name: 'mfe_chat', text: 'v3' }),
      semver: '0.1.0',
      version: first.record.version,
      by,
    });
    await expect(forced).rejects.toThrow(RefusedError);
    await expect(forced).rejects.toThrow(
      `refused: mfe-chat ${first.record.version} is already released with other content`,
    );
    expect(
      (await store.get(fileKey('mfe-chat', first.record.version, 'main.1234abcd.js')))?.toString(),
    ).toContain('"v1"');
    expect((await listReleases(store, 'mfe-chat')).map((r) => r.version)).toEqual([
      first.record.version,
      other.record.version,
    ]);
  });

  it('deploys, rolls back and records who, when, from which release to which and why', async () => {
    const v1 = await releaseBuild(store, 'mfe-referrer', { name: 'mfe_referrer' }, { by });
    const v2 = await releaseBuild(
      store,
      'mfe-referrer',
      { name: 'mfe_referrer', text: 'v2' },
      { by, semver: '0.1.1' },
    );
    const t = (s: number) => new Date(Date.UTC(2026, 10, 26, 10, 0, s));
    await deploy(store, 'mfe-referrer', v1, { by: 'ada', note: 'first', now: t(1) });
    await deploy(store, 'mfe-referrer', v2, { by: 'bob', note: 'new job list', now: t(2) });
    expect((await readPointer(store)).apps['mfe-referrer']).toEqual({
      live: v2,
      since: t(2).toISOString(),
      past: [v1],
    });
    await rollback(store, 'mfe-referrer', { by: 'ada', note: 'broken list', now: t(3) });
    expect((await readPointer(store)).apps['mfe-referrer']?.live).toBe(v1);
    await expect(rollback(store, 'mfe-referrer')).rejects.toThrow(
      'refused: mfe-referrer has no earlier release to roll back to',
    );
    expect(await history(store, 'mfe-referrer')).toEqual([
      {
        at: t(1).toISOString(),
        by: 'ada',
        app: 'mfe-referrer',
        action: 'deploy',
        from: null,
        to: v1,
        note: 'first',
      },
      {
        at: t(2).toISOString(),
        by: 'bob',
        app: 'mfe-referrer',
        action: 'deploy',
        from: v1,
        to: v2,
        note: 'new job list',
      },
      {
        at: t(3).toISOString(),
        by: 'ada',
        app: 'mfe-referrer',
        action: 'rollback',
        from: v2,
        to: v1,
        note: 'broken list',
      },
    ]);
    expect(await history(store, 'mfe-chat')).toEqual([]);
    await expect(deploy(store, 'mfe-referrer', '0.9.9+0000000000')).rejects.toThrow(
      'refused: mfe-referrer has no release 0.9.9+0000000000',
    );
    expect(await resolveVersion(store, 'mfe-referrer', 'latest')).toBe(v2);
    expect(await resolveVersion(store, 'mfe-referrer', v2.slice(0, 9))).toBe(v2);
  });

  it('runs a canary, then promotes it or aborts it', async () => {
    const v1 = await releaseBuild(store, 'mfe-referrer', { name: 'mfe_referrer' }, { by });
    const v2 = await releaseBuild(
      store,
      'mfe-referrer',
      { name: 'mfe_referrer', text: 'v2' },
      { by, semver: '0.1.0' },
    );
    await expect(canary(store, 'mfe-referrer', v2, 50, { by })).rejects.toThrow(
      'has no live release yet',
    );
    await deploy(store, 'mfe-referrer', v1, { by });
    await expect(canary(store, 'mfe-referrer', v2, 0, { by })).rejects.toThrow(
      '--percent must be a whole number from 1 to 99',
    );
    await canary(store, 'mfe-referrer', v2, 50, { by, note: 'try it' });
    expect((await readPointer(store)).apps['mfe-referrer']).toMatchObject({
      live: v1,
      canary: { version: v2, percent: 50 },
    });
    await abort(store, 'mfe-referrer', { by });
    expect((await readPointer(store)).apps['mfe-referrer']?.canary).toBeUndefined();
    expect((await readPointer(store)).apps['mfe-referrer']?.live).toBe(v1);
    await canary(store, 'mfe-referrer', v2, 10, { by });
    await promote(store, 'mfe-referrer', { by });
    expect((await readPointer(store)).apps['mfe-referrer']).toMatchObject({ live: v2, past: [v1] });
    expect((await readPointer(store)).apps['mfe-referrer']?.canary).toBeUndefined();
    expect((await history(store, 'mfe-referrer')).map((e) => e.action)).toEqual([
      'deploy',
      'canary',
      'abort',
      'canary',
      'promote',
    ]);
  });

  it('puts a shell release in canary like a remote (its servers serve both, per visitor)', async () => {
    const shellOf = async (text: string) =>
      releaseBuild(store, 'shell', { name: 'shell', host: true, text }, { by });
    const [s1, s2] = [await shellOf('s1'), await shellOf('s2')];
    await deploy(store, 'shell', s1, { by });
    await canary(store, 'shell', s2, 10, { by });
    expect((await readPointer(store)).apps.shell).toMatchObject({
      live: s1,
      canary: { version: s2, percent: 10 },
    });
    await promote(store, 'shell', { by });
    expect((await readPointer(store)).apps.shell).toMatchObject({ live: s2, past: [s1] });
  });
});

describe('a local store', () => {
  it('writes the pointer whole (a reader never sees half of it)', async () => {
    const dir = tmpDir('store');
    const store = new LocalStore(dir);
    const { record } = await publishBuild(store, 'mfe-chat', { name: 'mfe_chat' }, { by });
    await deploy(store, 'mfe-chat', record.version, { by });
    expect(fs.readdirSync(dir).sort()).toEqual([
      'history',
      'meta',
      'pointer.json',
      'releases',
      'sourcemaps',
    ]);
    expect(fs.readdirSync(path.join(dir, 'releases', 'mfe-chat', record.version)).sort()).toEqual(
      ['mf-manifest.json', 'mf-stats.json', 'main.1234abcd.js', 'remoteEntry.js', 'ssr'].sort(),
    );
    const rec = (await getRelease(store, 'mfe-chat', record.version)) as ReleaseRecord;
    expect(rec.files).toHaveLength(5);
  });
});
