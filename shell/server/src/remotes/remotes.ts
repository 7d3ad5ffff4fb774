// Which release of each remote a visitor gets: the shell's server's answer to /remotes.json (and the copy of it in
// every page), made per visitor (docs/releases.md).
// - A fixed file (`--remotes FILE` / REMOTES_FILE): that file, read per request, the same for everyone (tests,
//   and a shell in front of remotes deployed elsewhere).
// - The release store (the default; RELEASE_STORE, else <repo>/.releases, or s3://…), read through
//   @referio/release: its pointer at most once a second, so a deploy, rollback or canary is live within a second
//   or two. Each remote's entry is its release's manifest under the remote's own origin,
//   `<origin>/<version>/mf-manifest.json` (RELEASES_URL, default `http://localhost:{port}/`, names that origin;
//   `{app}` and `{port}` are filled in). A visitor whose bucket (buckets.ts) is below a canary's percent gets the
//   canary.
// - The visitor's overrides (overrides.ts): a kept release, or in development an entry on this machine.
import fs from 'node:fs';
import {
  checkRelease,
  readPointer,
  sideOf,
  releaseVersions,
  remoteApps,
  type App,
  type AppPointer,
  type Pointer,
  type Side,
  type Store,
} from '@referio/release';
import { bucketOf, type VisitorRequest } from './buckets';
import { entryOverride, overridesFromCookie, versionOverride, type Overrides } from './overrides';

export interface RemoteEntry {
  name: string;
  entry: string;
}

export interface Remotes {
  /** The fixed file every visitor gets, when the remotes come from one. */
  readonly remotesFile: string | null;
  /** The release store the remotes come from (null for a fixed file). */
  readonly store: Store | null;
  /** The remotes list this visitor gets (remembered for the request's page and its policy). */
  remotesFor(req: VisitorRequest): Promise<RemoteEntry[]>;
  /** The remote origins of this request's page, for its Content-Security-Policy (synchronous: an onSend hook). */
  originsFor(req: VisitorRequest): string[];
  /** The visitor's overrides, as this server honours them. */
  overridesOf(req: VisitorRequest): Overrides;
  /** The releases an app keeps (none for a fixed file). */
  versionsOf(app: string): Promise<Set<string>>;
  /**
   * The kept releases of an app that the deploy guard refuses next to what is live, with its reasons; `pins` (a
   * visitor's kept overrides, app -> version) stand in for those apps' live release and canary.
   */
  refusalsOf(app: string, pins?: Pins): Promise<Map<string, string[]>>;
  /** What is live (nothing for a fixed file). */
  pointer(): Promise<Pointer>;
}

/** A visitor's overrides of kept releases, app -> version (the shell's included). */
export type Pins = Record<string, string>;

export interface RemotesOptions {
  /** Development entries allowed (DEV_REMOTE_OVERRIDES). */
  dev?: boolean;
  now?: () => number;
}

const POINTER_TTL_MS = 1000;
const RELEASES_TTL_MS = 5000;

/** The lists given to each request, for its page's policy. */
const given = new WeakMap<object, RemoteEntry[]>();
const remember = (req: VisitorRequest, list: RemoteEntry[]): RemoteEntry[] => {
  given.set(req.raw, list);
  return list;
};

/** The remote's origin for its releases: RELEASES_URL with {app} and {port} filled in. */
export function releaseBase(
  app: App,
  template = process.env.RELEASES_URL || 'http://localhost:{port}/',
): string {
  const url = template.replaceAll('{app}', app.dir).replaceAll('{port}', String(app.port));
  return url.endsWith('/') ? url : `${url}/`;
}

/** The origins of a remotes list (a relative entry is the page's own origin: 'self'). */
export function originsOf(list: RemoteEntry[]): string[] {
  const origins = new Set<string>();
  for (const remote of list) {
    try {
      origins.add(new URL(remote.entry).origin);
    } catch {
      // relative: 'self'
    }
  }
  return [...origins];
}

/** A list with the development entries of `overrides` in place of the remotes' own. */
function withDevEntries(list: RemoteEntry[], overrides: Overrides): RemoteEntry[] {
  return list.map((r) => {
    const app = remoteApps.find((a) => a.name === r.name);
    const entry = app && entryOverride(overrides, app.dir);
    return entry ? { ...r, entry } : r;
  });
}

/** The remotes from a fixed file, the same for everyone but a developer's entries. */
export function fileRemotes(file: string, { dev = false }: RemotesOptions = {}): Remotes {
  const overridesOf = (req: VisitorRequest) => overridesFromCookie(req.headers.cookie, { dev });
  const read = (text: string) => JSON.parse(text) as RemoteEntry[];
  return {
    remotesFile: file,
    store: null,
    overridesOf,
    async remotesFor(req) {
      const list = read(await fs.promises.readFile(file, 'utf8'));
      return remember(req, withDevEntries(list, overridesOf(req)));
    },
    originsFor(req) {
      return originsOf(given.get(req.raw) ?? read(fs.readFileSync(file, 'utf8')));
    },
    versionsOf: async () => new Set(),
    refusalsOf: async () => new Map(),
    pointer: async () => ({ apps: {} }),
  };
}

/** The store's pointer, read at most once in `ttlMs`; the last one read while the store is away for a moment. */
function cachedPointer(store: Store, now: () => number, ttlMs = POINTER_TTL_MS) {
  let at = 0;
  let value: Pointer | null = null;
  let loading: Promise<Pointer> | null = null;
  return (): Promise<Pointer> => {
    if (value && now() - at < ttlMs) return Promise.resolve(value);
    loading ??= readPointer(store)
      .then((read) => {
        [at, value, loading] = [now(), read, null];
        return read;
      })
      .catch((err: unknown) => {
        loading = null;
        if (value) return value;
        throw err;
      });
    return loading;
  };
}

/** Which releases each app keeps, read at most once in `ttlMs` per app. */
function cachedVersions(store: Store, now: () => number, ttlMs = RELEASES_TTL_MS) {
  const known = new Map<string, { at: number; versions: Set<string> }>();
  return async (app: string): Promise<Set<string>> => {
    const hit = known.get(app);
    if (hit && now() - hit.at < ttlMs) return hit.versions;
    const versions = new Set(await releaseVersions(store, app));
    known.set(app, { at: now(), versions });
    return versions;
  };
}

/** Which of an app's releases a visitor gets, and why. */
export interface Choice {
  version: string;
  why: 'override' | 'canary' | 'live';
}

/**
 * The release of an app a visitor gets: the kept release they chose (`wanted`, if `kept` has it), else the canary when
 * their bucket is below its percent, else the live one; null when the app has nothing live.
 */
export function releaseChoice(
  p: AppPointer | undefined,
  bucket: number | null,
  wanted: string | undefined,
  kept: Set<string>,
): Choice | null {
  if (wanted && kept.has(wanted)) return { version: wanted, why: 'override' };
  if (p?.canary && bucket !== null && bucket < p.canary.percent)
    return { version: p.canary.version, why: 'canary' };
  return p ? { version: p.live, why: 'live' } : null;
}

/** Each release's side as the guard reads it, read once (a release never changes; a failed read is tried again). */
function cachedSides(store: Store) {
  const known = new Map<string, Promise<Side>>();
  return (app: string, version: string): Promise<Side> => {
    const key = `${app} ${version}`;
    let side = known.get(key);
    if (!side) {
      side = sideOf(store, app, version);
      side.catch(() => known.delete(key));
      known.set(key, side);
    }
    return side;
  };
}

/** The pins that matter to the guard's check of `app`: the shell's for a remote, the remotes' for the shell. */
const pinsFor = (app: string, pins: Pins): Pins =>
  Object.fromEntries(
    Object.entries(pins).filter(([a]) => a !== app && (app === 'shell' || a === 'shell')),
  );

/** What the deploy guard says of each kept release of an app (given pins), read at most once in `ttlMs`. */
function cachedRefusals(
  store: Store,
  pointer: () => Promise<Pointer>,
  versionsOf: (app: string) => Promise<Set<string>>,
  now: () => number,
  ttlMs = RELEASES_TTL_MS,
) {
  const known = new Map<string, { at: number; refusals: Map<string, string[]> }>();
  const sides = cachedSides(store);
  return async (app: string, allPins: Pins = {}): Promise<Map<string, string[]>> => {
    const pins = pinsFor(app, allPins);
    const key = `${app} ${JSON.stringify(pins)}`;
    const hit = known.get(key);
    if (hit && now() - hit.at < ttlMs) return hit.refusals;
    const p = await pointer();
    const refusals = new Map<string, string[]>();
    for (const version of await versionsOf(app)) {
      const problems = await checkRelease(store, p, app, version, { pins, sideOf: sides }).catch(
        (err: Error) => [err.message],
      );
      if (problems.length) refusals.set(version, problems);
    }
    // Every visitor's pins make a key: the old ones go rather than grow without end.
    if (known.size > 200) known.clear();
    known.set(key, { at: now(), refusals });
    return refusals;
  };
}

/** The remotes from the release store: live, canary or the visitor's override, per visitor. */
export function storeRemotes(
  store: Store,
  { dev = false, now = Date.now }: RemotesOptions = {},
): Remotes {
  const pointer = cachedPointer(store, now);
  const versionsOf = cachedVersions(store, now);
  const overridesOf = (req: VisitorRequest) => overridesFromCookie(req.headers.cookie, { dev });
  /** The version of `app` this visitor gets: the kept release they chose, the canary for their bucket, or live. */
  async function versionFor(app: App, p: Pointer, bucket: number | null, overrides: Overrides) {
    const wanted = versionOverride(overrides, app.dir);
    const kept = wanted ? await versionsOf(app.dir) : new Set<string>();
    return releaseChoice(p.apps[app.dir], bucket, wanted, kept)?.version;
  }
  return {
    remotesFile: null,
    store,
    overridesOf,
    pointer,
    versionsOf,
    refusalsOf: cachedRefusals(store, pointer, versionsOf, now),
    async remotesFor(req) {
      const [p, bucket, overrides] = [await pointer(), bucketOf(req), overridesOf(req)];
      const list: RemoteEntry[] = [];
      for (const app of remoteApps) {
        const version = await versionFor(app, p, bucket, overrides);
        if (version)
          list.push({ name: app.name, entry: `${releaseBase(app)}${version}/mf-manifest.json` });
      }
      return remember(req, withDevEntries(list, overrides));
    },
    originsFor(req) {
      const list = given.get(req.raw);
      return list
        ? originsOf(list)
        : [...new Set(remoteApps.map((a) => new URL(releaseBase(a)).origin))];
    },
  };
}
