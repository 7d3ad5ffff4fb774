// Shell releases a visitor pinned on /release-override (the `shell` key of the `referio_override` cookie:
// remotes/overrides.ts): this process opens one when a visitor first asks for it, as it opened its canary at start,
// and closes it when no one has asked for it for `idleMs`. At most `max` are open at once (each has its own render
// pool): opening one more closes the least recently used, after `graceMs` (its requests in flight finish). A release
// that cannot open (a `shell.override-failed` line) is not tried again for `retryMs`; its visitors get the live
// release (or canary) meanwhile, and the override page says which release answered it.
import type { SiteRelease } from './site';

export interface PinnedOptions {
  /** Opens a kept release's app (its folder, its render pool). */
  open: (version: string) => Promise<SiteRelease>;
  /** Whether the store keeps `version` with its pages (a folder holding its index.html). */
  kept: (version: string) => Promise<boolean>;
  max?: number;
  idleMs?: number;
  graceMs?: number;
  retryMs?: number;
  now?: () => number;
  log?: (line: string) => void;
}

interface Entry {
  release: Promise<SiteRelease | null>;
  usedAt: number;
  /** When a failed opening may be tried again. */
  retryAt?: number;
}

export class PinnedReleases {
  private readonly entries = new Map<string, Entry>();
  private readonly timer: NodeJS.Timeout;
  private readonly o: Required<PinnedOptions>;

  constructor(options: PinnedOptions) {
    this.o = {
      max: 2,
      idleMs: 10 * 60_000,
      graceMs: 30_000,
      retryMs: 60_000,
      now: Date.now,
      log: (line) => process.stdout.write(line),
      ...options,
    };
    this.timer = setInterval(() => this.closeIdle(), 60_000).unref();
  }

  /** The app of a pinned release, opened now if need be; null when it is not kept or cannot open. */
  async get(version: string): Promise<SiteRelease | null> {
    const now = this.o.now();
    const known = this.entries.get(version);
    if (known && (known.retryAt === undefined || now < known.retryAt)) {
      known.usedAt = now;
      return known.release;
    }
    if (!(await this.o.kept(version))) return null;
    const again = this.entries.get(version);
    if (again && again !== known) return again.release;
    const entry: Entry = { release: this.opening(version), usedAt: now };
    this.entries.set(version, entry);
    void entry.release.then((r) => {
      if (!r) entry.retryAt = this.o.now() + this.o.retryMs;
    });
    this.evict();
    return entry.release;
  }

  /** The releases open now (or opening). */
  get versions(): string[] {
    return [...this.entries].filter(([, e]) => e.retryAt === undefined).map(([v]) => v);
  }

  private async opening(version: string): Promise<SiteRelease | null> {
    try {
      return await this.o.open(version);
    } catch (err) {
      const reason = (err as Error)?.message ?? String(err);
      this.o.log(
        `${JSON.stringify({ time: new Date(this.o.now()).toISOString(), app: 'shell', event: 'shell.override-failed', version, reason })}\n`,
      );
      return null;
    }
  }

  /** Beyond `max`: the least recently used go (after the grace for their requests in flight). */
  private evict(): void {
    const open = [...this.entries].filter(([, e]) => e.retryAt === undefined);
    open.sort(([, a], [, b]) => a.usedAt - b.usedAt);
    for (const [version] of open.slice(0, Math.max(0, open.length - this.o.max)))
      this.drop(version, this.o.graceMs);
  }

  private closeIdle(): void {
    const now = this.o.now();
    for (const [version, e] of this.entries)
      if (now - e.usedAt >= this.o.idleMs) this.drop(version, this.o.graceMs);
  }

  private drop(version: string, afterMs: number): Promise<void> {
    const entry = this.entries.get(version);
    this.entries.delete(version);
    const close = async () => void (await (await entry?.release)?.app.close());
    if (afterMs <= 0) return close();
    setTimeout(() => void close(), afterMs).unref();
    return Promise.resolve();
  }

  /** Closes every pinned release now (the process drains: its requests in flight have finished). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.entries.keys()].map((v) => this.drop(v, 0)));
  }
}
