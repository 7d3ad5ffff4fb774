// What a server serves, from its command line and environment (serve.ts):
//   --app <dir> (required), --port, --host, --dist <build>, --store <RELEASE_STORE>, --remotes <REMOTES_FILE>,
//   --api <API_URL>; PORT, HOST, SITE_URL, API_TIMEOUT_MS, API_BODY_MAX_BYTES, LOG_REQUESTS, DEV_REMOTE_OVERRIDES,
//   REFERIO_BENCH_HELLO_DIR.
// From the release store (docs/releases.md; RELEASE_STORE, else <repo>/.releases), unless --dist names a build:
// - a remote serves every kept release from `<store>/releases/<app>/`;
// - the shell serves its live release (and canary: rollover/site.ts, read when its process starts; a move of the
//   pointer starts new processes: rollover/supervisor.ts), or shell/dist when the store has none; its remotes come from the store per visitor, or from --remotes /
//   REMOTES_FILE when given (then the store is not read unless --store says so).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  apiPort,
  apps,
  appByDir,
  openStore,
  readPointer,
  releasesDir,
  repoRoot,
  type App,
  type Store,
} from '@referio/release';
import { isOff, positiveNumber, siteUrlFrom } from './env';
import { devOverridesAllowed } from './remotes/overrides';
import { fileRemotes, storeRemotes, type Remotes } from './remotes/remotes';

export interface ServerConfig {
  app: App;
  port: number;
  host: string;
  /** The folder whose files are served. */
  dist: string;
  /** A remote served from the release store: its store (for the live manifest). */
  store: Store | null;
  /** The shell: the remotes each visitor gets. */
  remotes: Remotes | null;
  /** The shell: the API's origin. */
  apiUrl: string;
  siteUrl: string;
  /** Cookies marked Secure (SITE_URL is https). */
  secure: boolean;
  /** Development entries allowed (DEV_REMOTE_OVERRIDES). */
  dev: boolean;
  logRequests: boolean;
  deadlineMs: number;
  bodyMaxBytes: number;
  benchHelloDir: string | null;
  /** The shell: the store its own releases come from (null with --dist, or without a folder or S3 store). */
  shellStore?: Store | null;
  /** The shell: the release it serves (null for a build outside the store). */
  shellRelease?: string | null;
  /** The shell: its other kept releases' folders (their hashed files stay served). */
  alsoDists?: string[];
}

/** A configuration that cannot be served: the message, and the exit code. */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

interface Args {
  app?: string;
  port?: string;
  dist?: string;
  store?: string;
  remotes?: string;
  api?: string;
  host?: string;
}

const OPTIONS = Object.fromEntries(
  ['app', 'port', 'dist', 'store', 'remotes', 'api', 'host'].map((k) => [
    k,
    { type: 'string' as const },
  ]),
);

export function parseServeArgs(argv: string[]): Args {
  const { values } = parseArgs({ args: argv, options: OPTIONS });
  if (!values.app)
    throw new ConfigError(`usage: serve --app <${apps.map((a) => a.dir).join('|')}>`, 2);
  return values as Args;
}

/** The folder a remote or the shell serves, checked to hold a build. */
async function distOf(app: App, args: Args, store: Store | null): Promise<string> {
  if (args.dist) return checkBuild(app, path.resolve(args.dist));
  if (app.host) return checkBuild(app, await shellDist(store));
  const dir = store && releasesDir(store, app.dir);
  if (!store || !dir)
    throw new ConfigError(
      `${app.dir}: ${store?.location} is an S3 bucket; serve its releases/${app.dir}/ from the bucket (CDN)`,
    );
  if (!fs.existsSync(dir))
    throw new ConfigError(
      `${app.dir}: no release in ${store.location}. Run: npm run release -w @referio/${app.dir}`,
    );
  return dir;
}

/** The shell's live release in a folder store, else its build (shell/dist). */
async function shellDist(store: Store | null): Promise<string> {
  const live = store ? (await readPointer(store)).apps.shell?.live : undefined;
  const released = live && store ? releasesDir(store, 'shell') : null;
  return live && released ? path.join(released, live) : path.join(repoRoot, 'shell', 'dist');
}

function checkBuild(app: App, dist: string): string {
  if (!fs.existsSync(path.join(dist, app.host ? 'index.html' : 'mf-manifest.json')))
    throw new ConfigError(
      `${app.dir}: no build in ${dist}. Run: npm run build -w @referio/${app.dir}`,
    );
  return dist;
}

/** The shell's remotes: the explicit file unless --store names a store, else the store. */
function remotesOf(
  args: Args,
  file: string | undefined,
  store: Store | null,
  dev: boolean,
): Remotes {
  if (file && !args.store) return fileRemotes(path.resolve(file), { dev });
  return storeRemotes(store ?? openStore(args.store), { dev });
}

export async function configFrom(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<ServerConfig> {
  const args = parseServeArgs(argv);
  const app = appByDir(args.app!);
  const port = Number(args.port || env.PORT || app.port);
  const storeLocation = args.store || env.RELEASE_STORE;
  const remotesFile = args.remotes || env.REMOTES_FILE;
  // A remote from the store unless --dist; the shell from the store's live shell release when there is one.
  const store =
    args.dist || (app.host && remotesFile && !storeLocation) ? null : openStore(storeLocation);
  const dev = Boolean(app.host) && devOverridesAllowed(env);
  const siteUrl = siteUrlFrom(env.SITE_URL, `http://localhost:${port}`);
  return {
    app,
    port,
    host: args.host || env.HOST || 'localhost',
    dist: await distOf(app, args, store),
    store: app.host || args.dist ? null : store,
    remotes: app.host ? remotesOf(args, remotesFile, store, dev) : null,
    shellStore: app.host ? store : null,
    apiUrl: args.api || env.API_URL || `http://127.0.0.1:${apiPort(env)}`,
    siteUrl,
    secure: /^https:/.test(env.SITE_URL ?? ''),
    dev,
    logRequests: !isOff(env.LOG_REQUESTS),
    deadlineMs: positiveNumber(env.API_TIMEOUT_MS, 30_000),
    bodyMaxBytes: positiveNumber(env.API_BODY_MAX_BYTES, 8 * 1024 * 1024),
    benchHelloDir: env.REFERIO_BENCH_HELLO_DIR || null,
  };
}
