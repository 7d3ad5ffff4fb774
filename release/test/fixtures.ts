// Fixture builds (a dist/ folder as webpack would leave it) and stores for the release tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publish } from '../src/releases';
import { LocalStore, type Store } from '../src/store';

export interface FixtureBuild {
  name: string;
  exposes?: string[];
  shared?: { name: string; version: string; requiredVersion?: string }[];
  /** Changes the bytes of the chunk (a different build). */
  text?: string;
  contract?: unknown;
  host?: boolean;
}

const tmpDirs: string[] = [];

export function tmpDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `referio-release-${prefix}-`));
  tmpDirs.push(dir);
  return dir;
}

export function cleanTmp(): void {
  for (const d of tmpDirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
}

export function makeDist(b: FixtureBuild): string {
  const dist = tmpDir('dist');
  const manifest = {
    id: b.name,
    name: b.name,
    metaData: {
      name: b.name,
      buildInfo: { buildVersion: '0.1.0', buildName: `@referio/${b.name}` },
    },
    shared: (b.shared ?? []).map((s) => ({ id: `${b.name}:${s.name}`, singleton: true, ...s })),
    remotes: [],
    exposes: (b.exposes ?? []).map((p) => ({
      id: `${b.name}:${p.slice(2)}`,
      name: p.slice(2),
      path: p,
    })),
  };
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(dist, 'mf-stats.json'), JSON.stringify({ ...manifest, stats: true }));
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), `/* ${b.name} */`);
  fs.mkdirSync(path.join(dist, 'ssr'));
  fs.writeFileSync(
    path.join(dist, 'ssr', 'render.1234abcd.js'),
    `module.exports = ${JSON.stringify(b.text ?? 'v1')};`,
  );
  fs.writeFileSync(
    path.join(dist, 'main.1234abcd.js'),
    `console.log(${JSON.stringify(b.text ?? 'v1')});`,
  );
  fs.writeFileSync(path.join(dist, 'main.1234abcd.js.map'), '{"version":3}');
  if (b.host) fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
  if (b.contract) fs.writeFileSync(path.join(dist, 'mf-contract.json'), JSON.stringify(b.contract));
  return dist;
}

export const localStore = (): LocalStore => new LocalStore(tmpDir('store'));

/** Publishes a fixture build as a release of `app` (semver 0.1.0 unless told), by `by`. */
export function publishBuild(
  store: Store,
  app: string,
  build: FixtureBuild,
  opts: { by: string; semver?: string },
) {
  return publish(store, {
    app,
    dist: makeDist(build),
    semver: opts.semver ?? '0.1.0',
    by: opts.by,
  });
}

/** The version a fixture build is released as: {@link publishBuild}'s record.version. */
export async function releaseBuild(
  store: Store,
  app: string,
  build: FixtureBuild,
  opts: { by: string; semver?: string },
): Promise<string> {
  return (await publishBuild(store, app, build, opts)).record.version;
}

const range = (v: string) => `^${v}`;

/** The site's shared packages as a shell provides them, at `sharedVersion` for @referio/shared. */
export const shellShared = (sharedVersion = '0.2.0') => [
  { name: 'react', version: '19.2.0', requiredVersion: '^19.2.0' },
  { name: '@referio/shared', version: sharedVersion, requiredVersion: range(sharedVersion) },
];

/** A remote's shared packages, requiring `requires` of @referio/shared. */
export const remoteShared = (requires = '^0.2.0') => [
  { name: 'react', version: '19.2.0', requiredVersion: '^19.2.0' },
  { name: '@referio/shared', version: requires.replace(/^\^/, ''), requiredVersion: requires },
];
