// The shell's site in one process: a Fastify app per shell release it serves (the live one, and the canary's when
// there is one), each built as a single shell server is (server.ts) on its release's folder, and one Node server
// (worker.ts) handing each request to one of them by the visitor's canary bucket (`referio_bucket`, as remotes'
// canaries). Each app also serves the hashed files of every other kept shell release, so a tab opened before a
// deploy, or on the other side of the canary, still loads its own files.
// Which releases a process serves is fixed when it starts (the pointer then): a move of the shell's live or canary
// release starts new processes, and the supervisor hands the socket over (supervisor.ts). The canary's percent is
// read from the pointer once a second, as the remotes' is.
// A visitor who pinned a kept shell release on /release-override (the `shell` key of `referio_override`) gets that
// release's app, opened by this process when first asked for (pinned.ts); clearing the override returns them to
// the live release or the canary, by bucket.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  readPointer,
  releaseVersions,
  releasesDir,
  type Pointer,
  type Store,
} from '@referio/release';
import type { ServerConfig } from '../config';
import { bucketOf, ensureBucket, wantsBucket } from '../remotes/buckets';
import { overridesFromCookie, versionOverride } from '../remotes/overrides';
import { createServer } from '../server';
import { PinnedReleases } from './pinned';

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** The shell releases the pointer names: what a shell server's processes are built for. */
export interface ShellReleases {
  /** null: no shell release is live (the build in shell/dist is served). */
  live: string | null;
  canary: { version: string; percent: number } | null;
}

export function shellReleasesOf(p: Pointer): ShellReleases {
  const shell = p.apps.shell;
  const canary = shell?.canary;
  return {
    live: shell?.live ?? null,
    canary: canary ? { version: canary.version, percent: canary.percent } : null,
  };
}

/** One name for the releases a process serves: a change of it is a handover (the percent is not part of it). */
export const releasesKey = (r: ShellReleases): string =>
  `${r.live ?? 'build'}${r.canary ? ` canary ${r.canary.version}` : ''}`;

/** One release's app, and the Node request handler that runs it. */
export interface SiteRelease {
  version: string | null;
  app: FastifyInstance;
  handle: Handler;
}

export class ShellSite {
  private percent: number;
  private readonly timer: NodeJS.Timeout | null;

  constructor(
    readonly live: SiteRelease,
    readonly canary: (SiteRelease & { percent: number }) | null,
    store: Store | null,
    /** The pointer's shell releases when this site was opened (releasesKey): the supervisor compares it. */
    readonly key: string,
    /** The releases visitors pinned (null: the store has no folder of shell releases). */
    readonly pinned: PinnedReleases | null = null,
  ) {
    this.percent = canary?.percent ?? 0;
    this.timer =
      canary && store ? setInterval(() => void this.readPercent(store), 1000).unref() : null;
  }

  /** What this process serves, as the pointer names it. */
  get releases(): ShellReleases {
    return {
      live: this.live.version,
      canary: this.canary?.version ? { version: this.canary.version, percent: this.percent } : null,
    };
  }

  /** The release a request goes to: the canary's for a bucket below its percent, else the live one. */
  releaseFor(req: http.IncomingMessage): SiteRelease {
    if (!this.canary || this.percent <= 0) return this.live;
    const visitor = { headers: req.headers, raw: req };
    // A page gets a bucket now (the cookie follows with it); files and the API go by the cookie, if any.
    const bucket = wantsBucket(req) ? ensureBucket(visitor) : bucketOf(visitor);
    return bucket !== null && bucket < this.percent ? this.canary : this.live;
  }

  /** The shell release a visitor pinned (their override), if any. */
  static pinnedVersion(req: http.IncomingMessage): string | undefined {
    return versionOverride(overridesFromCookie(req.headers.cookie, { dev: false }), 'shell');
  }

  readonly handle: Handler = (req, res) => {
    const pinned = ShellSite.pinnedVersion(req);
    if (!pinned) return this.releaseFor(req).handle(req, res);
    // The live release or the canary, when pinned, whatever the bucket says.
    const own = [this.live, this.canary].find((r) => r?.version === pinned);
    if (own || !this.pinned) return (own ?? this.releaseFor(req)).handle(req, res);
    void this.pinned.get(pinned).then(
      (r) => (r ?? this.releaseFor(req)).handle(req, res),
      () => this.releaseFor(req).handle(req, res),
    );
  };

  /** The canary's percent now (0 once the pointer no longer names this process's canary). */
  private async readPercent(store: Store): Promise<void> {
    try {
      const canary = (await readPointer(store)).apps.shell?.canary;
      this.percent = canary?.version === this.canary?.version ? (canary?.percent ?? 0) : 0;
    } catch {
      // The store is away for a moment: the last percent stands.
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.all([this.live.app.close(), this.canary?.app.close(), this.pinned?.close()]);
  }
}

/** A release's app, ready, with its handler (its own Node server is never listened on). */
async function openRelease(c: ServerConfig): Promise<SiteRelease> {
  let handle: Handler | undefined;
  const app = await createServer(c, (handler) => {
    handle = handler;
    return http.createServer();
  });
  await app.ready();
  if (!handle) throw new Error('the shell app gave no request handler');
  return { version: c.shellRelease ?? null, app, handle };
}

/** The folders of the kept shell releases in a folder store, by version. */
async function keptDists(store: Store): Promise<Map<string, string>> {
  const dir = releasesDir(store, 'shell');
  const out = new Map<string, string>();
  if (!dir) return out;
  for (const v of await releaseVersions(store, 'shell')) {
    const d = path.join(dir, v);
    if (fs.existsSync(path.join(d, 'index.html'))) out.set(v, d);
  }
  return out;
}

/** Whether a folder store keeps a shell release with its pages (its list read at most every 5 s). */
function keptShell(store: Store, dir: string, ttlMs = 5000) {
  let at = 0;
  let versions = new Set<string>();
  return async (version: string): Promise<boolean> => {
    if (Date.now() - at >= ttlMs)
      [versions, at] = [new Set(await releaseVersions(store, 'shell')), Date.now()];
    return versions.has(version) && fs.existsSync(path.join(dir, version, 'index.html'));
  };
}

/**
 * The site for the pointer as it is now: the live shell release (else `config.dist`, the build) and its canary,
 * from the shell's store (config.ts), and any kept release a visitor pinned. A shell given --dist, or a fixed remotes
 * file and no store, serves that build alone.
 */
export async function openSite(config: ServerConfig): Promise<ShellSite> {
  const store = config.shellStore ?? null;
  const want = store ? shellReleasesOf(await readPointer(store)) : { live: null, canary: null };
  const kept = store ? await keptDists(store) : new Map<string, string>();
  const also = (version: string | null) =>
    [...kept].filter(([v]) => v !== version).map(([, d]) => d);
  const open = (version: string, dist: string) =>
    openRelease({ ...config, dist, shellRelease: version, alsoDists: also(version) });
  const liveDist = (want.live && kept.get(want.live)) || config.dist;
  const liveVersion = want.live && kept.has(want.live) ? want.live : null;
  const live = await openRelease({
    ...config,
    dist: liveDist,
    shellRelease: liveVersion,
    alsoDists: also(liveVersion),
  });
  const canaryDist = want.canary && kept.get(want.canary.version);
  const canary =
    want.canary && canaryDist
      ? { ...(await open(want.canary.version, canaryDist)), percent: want.canary.percent }
      : null;
  const dir = store && releasesDir(store, 'shell');
  const pinned =
    store && dir
      ? new PinnedReleases({
          kept: keptShell(store, dir),
          open: (version) => open(version, path.join(dir, version)),
        })
      : null;
  return new ShellSite(live, canary, store, releasesKey(want), pinned);
}
