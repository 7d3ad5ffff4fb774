// Releases: an app's built output (its dist/) kept in the store under its version, never changed afterwards.
//   releases/<app>/<version>/<file>        what the app's static server serves (everything but source maps)
//   sourcemaps/<app>/<version>/<file>.map   the source maps, kept beside the release, never served
//   meta/<app>/<version>.json               the release record, written last: a release exists once it has one
// Version: the package's semver plus the first 10 hex digits of a SHA-256 over the public files
// (`0.1.0+3f9a1c0b7e`), so the same output is the same version and a different output a different one.
// Webpack writes the build version (MF_BUILD_VERSION, else the package version) into mf-manifest.json and
// mf-stats.json before the output's hash is known, so the version is stamped into both after the build (their
// buildVersion is left out of the hash).
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import semver from 'semver';
import { getJson, putJson, type Store } from './store';

export interface ReleaseRecord {
  app: string;
  version: string;
  /** The package's own version (package.json) when it was released. */
  semver: string;
  /** SHA-256 over the public files as built (stamp left out). */
  contentHash: string;
  files: string[];
  sourceMaps: string[];
  commit: string | null;
  dirty: boolean;
  createdAt: string;
  createdBy: string;
  /**
   * The shell only, when its build has no mf-contract.json: the remote modules it routes to, read from its
   * server bundle's route table (`Page: 'mfe_x/Page'` entries), as { mfe_x: ['./Page'] }.
   */
  derivedConsumes?: Record<string, string[]>;
}

export const APP_NAME = /^[a-z][a-z0-9-]{0,62}$/;

export function checkApp(app: string): string {
  if (!APP_NAME.test(app))
    throw new Error(`'${app}' is not an app name (e.g. mfe-referrer, shell)`);
  return app;
}

export function checkVersion(version: string): string {
  if (!semver.valid(version) || /[/\\\s]/.test(version)) {
    throw new Error(`'${version}' is not a release version (semver, e.g. 0.1.0+3f9a1c0b7e)`);
  }
  return version;
}

export const recordKey = (app: string, version: string): string => `meta/${app}/${version}.json`;
/** Where an app's releases are kept: `releases/<app>`. */
const releasesKey = (app: string): string => `releases/${app}`;
export const fileKey = (app: string, version: string, file: string): string =>
  `${releasesKey(app)}/${version}/${file}`;
export const mapKey = (app: string, version: string, file: string): string =>
  `sourcemaps/${app}/${version}/${file}`;

/** Every file under `dir`, as `/`-separated paths relative to it, sorted. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, rel: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path.join(d, e.name), r);
      else if (e.isFile()) out.push(r);
    }
  };
  walk(dir, '');
  return out.sort();
}

const STAMPED = new Set(['mf-manifest.json', 'mf-stats.json']);

interface Manifestish {
  metaData?: { buildInfo?: { buildVersion?: string } };
}

/** mf-manifest.json / mf-stats.json with `buildVersion` set to `version`. */
function stamp(body: Buffer, version: string): Buffer {
  const json = JSON.parse(body.toString('utf8')) as Manifestish;
  json.metaData ??= {};
  json.metaData.buildInfo ??= {};
  json.metaData.buildInfo.buildVersion = version;
  return Buffer.from(`${JSON.stringify(json)}\n`);
}

/** The SHA-256 (hex) of the public files, the stamped files with their buildVersion emptied. */
export function contentHash(dist: string, files: string[]): string {
  const all = createHash('sha256');
  for (const f of files) {
    let body: Buffer = fs.readFileSync(path.join(dist, f));
    if (STAMPED.has(f)) body = stamp(body, '');
    all.update(f).update('\0').update(createHash('sha256').update(body).digest('hex')).update('\n');
  }
  return all.digest('hex');
}

/** The shell's routed remote modules as its server bundle names them ('mfe_x/Page' strings). */
export function deriveConsumes(dist: string): Record<string, string[]> | undefined {
  const bundle = path.join(dist, 'server', 'render.js');
  if (!fs.existsSync(bundle)) return undefined;
  const text = fs.readFileSync(bundle, 'utf8');
  const out: Record<string, Set<string>> = {};
  // The route table's `remoteModules` entries: `Page: 'mfe_x/Page'` (shell/src/routes/paths.ts).
  for (const m of text.matchAll(/\b([A-Z][A-Za-z0-9]*):\s*['"](mfe_[a-z0-9_]+)\/\1['"]/g)) {
    (out[m[2]!] ??= new Set()).add(`./${m[1]!}`);
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v].sort()]));
}

export interface PublishOptions {
  app: string;
  dist: string;
  /** The package's version; the release version is `<semver>+<hash>` unless `version` is given. */
  semver: string;
  version?: string;
  by: string;
  commit?: string | null;
  dirty?: boolean;
  now?: Date;
}

export interface PublishResult {
  status: 'released' | 'unchanged';
  record: ReleaseRecord;
}

export class RefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedError';
  }
}

/** Keeps `dist` as a release. The same version with the same bytes is a no-op; with other bytes, refused. */
export async function publish(store: Store, o: PublishOptions): Promise<PublishResult> {
  checkApp(o.app);
  const needed = o.app === 'shell' ? 'index.html' : 'mf-manifest.json';
  if (!fs.existsSync(path.join(o.dist, needed))) {
    throw new Error(`${o.app}: no build in ${o.dist} (no ${needed}). Build it first.`);
  }
  const all = filesUnder(o.dist);
  const maps = all.filter((f) => f.endsWith('.map'));
  const files = all.filter((f) => !f.endsWith('.map'));
  const hash = contentHash(o.dist, files);
  const version = checkVersion(o.version ?? `${o.semver}+${hash.slice(0, 10)}`);
  const existing = await getJson<ReleaseRecord>(store, recordKey(o.app, version));
  if (existing) {
    if (existing.contentHash === hash) return { status: 'unchanged', record: existing };
    throw new RefusedError(
      `refused: ${o.app} ${version} is already released with other content; a release is never replaced (give the new build another version)`,
    );
  }
  for (const f of files) {
    let body: Buffer = fs.readFileSync(path.join(o.dist, f));
    if (STAMPED.has(f)) body = stamp(body, version);
    await store.put(fileKey(o.app, version, f), body, contentType(f));
  }
  for (const f of maps) {
    await store.put(mapKey(o.app, version, f), fs.readFileSync(path.join(o.dist, f)));
  }
  const record: ReleaseRecord = {
    app: o.app,
    version,
    semver: o.semver,
    contentHash: hash,
    files,
    sourceMaps: maps,
    commit: o.commit ?? null,
    dirty: o.dirty ?? false,
    createdAt: (o.now ?? new Date()).toISOString(),
    createdBy: o.by,
  };
  if (o.app === 'shell' && !files.includes('mf-contract.json')) {
    const derived = deriveConsumes(o.dist);
    if (derived) record.derivedConsumes = derived;
  }
  await putJson(store, recordKey(o.app, version), record);
  return { status: 'released', record };
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const contentType = (f: string): string | undefined => TYPES[path.extname(f)];

export async function getRelease(
  store: Store,
  app: string,
  version: string,
): Promise<ReleaseRecord | null> {
  return getJson<ReleaseRecord>(store, recordKey(checkApp(app), checkVersion(version)));
}

/** An app's kept releases, oldest first. */
export async function listReleases(store: Store, app: string): Promise<ReleaseRecord[]> {
  const keys = await store.list(`meta/${checkApp(app)}/`);
  const records = await Promise.all(keys.map((k) => getJson<ReleaseRecord>(store, k)));
  return records
    .filter((r): r is ReleaseRecord => r !== null)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.version.localeCompare(b.version));
}

/**
 * The versions an app has kept, by name only (no record is read): what a server checks a visitor's choice against.
 * A name that is not an app's has none.
 */
export async function releaseVersions(store: Store, app: string): Promise<string[]> {
  if (!APP_NAME.test(app)) return [];
  const prefix = `meta/${app}/`;
  return (await store.list(prefix))
    .filter((k) => k.endsWith('.json') && !k.slice(prefix.length).includes('/'))
    .map((k) => k.slice(prefix.length, -'.json'.length));
}

/** The local folder holding an app's releases (`<store>/releases/<app>/`), or null for a store without one (S3). */
export function releasesDir(store: Store, app: string): string | null {
  return store.dir ? path.join(store.dir, ...releasesKey(checkApp(app)).split('/')) : null;
}

/** The apps that have releases. */
export async function listApps(store: Store): Promise<string[]> {
  const keys = await store.list('meta/');
  return [...new Set(keys.map((k) => k.split('/')[1]!))].sort();
}

/** Removes a release: its record first (from then on it does not exist), then its files. */
export async function removeRelease(store: Store, record: ReleaseRecord): Promise<void> {
  await store.delete(recordKey(record.app, record.version));
  for (const f of record.files) await store.delete(fileKey(record.app, record.version, f));
  for (const f of record.sourceMaps) await store.delete(mapKey(record.app, record.version, f));
}

/** A JSON file of a kept release (its mf-manifest.json, mf-contract.json), or null. */
export async function releaseJson<T>(
  store: Store,
  app: string,
  version: string,
  file: string,
): Promise<T | null> {
  return getJson<T>(store, fileKey(app, version, file));
}
