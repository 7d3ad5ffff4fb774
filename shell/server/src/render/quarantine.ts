// Server renders set aside (docs/releases.md, "Quarantine of a server render"). A page of a remote's release whose
// server render keeps failing (over its time budget, thrown, its worker crashed) is quarantined for server
// rendering: its visitors get the page at once as a client render (index.html, which the browser takes over)
// instead of each waiting the render budget. Kept per server process, in memory, by page of a release: the
// remote, its server module's URL (one per version) and the page. So a new deploy of the remote (another version)
// starts clean, and a rollback to an earlier release renders as that release always did.
// - FAILURES failures within WINDOW_MS with no success between them quarantine it; a success forgets failures.
// - Once a page has failed, one render of it runs at a time until one succeeds: visits meanwhile get the client
//   render at once, so a burst of visitors does not all wait the budget behind a release that loops; and a visitor
//   (their address and browser: page.ts) who waited for a failed render of it is not made to wait for another one.
//   A wrong guess (two visitors taken for one) costs a client render, which is always a correct answer; a success
//   forgets them all.
// - After PERIOD_MS one visit is a probe: the page is rendered once more on the server. Success lifts the
//   quarantine; a failure starts another period.
// Quarantining and lifting are reported (a structured log line, an event in the release history: page.ts, pages.ts).

/** Failures within the window that quarantine a page of a release. */
export const QUARANTINE_FAILURES = 3;
/** How long a failure counts (ms). */
export const QUARANTINE_WINDOW_MS = 5 * 60_000;
/** How long a quarantine lasts before one probe render is tried (ms). */
export const QUARANTINE_PERIOD_MS = 10 * 60_000;
/** Pages kept track of, at most (failures of releases no one gets any more are dropped first). */
const MAX_TRACKED = 500;
/** Visitors remembered per page as having waited for a failed render of it, at most. */
const MAX_WAITED = 1000;

/** A page of a remote's release, as a quarantine names it. */
export interface RenderKey {
  /** The remote's federation name (`mfe_public`). */
  remote: string;
  /** The release's version (its manifest's buildVersion), for people. */
  version: string;
  /** The server module's URL: what tells one version from another. */
  moduleUrl: string;
  /** The page's exposed module (`./Landing`). */
  page: string;
}

export interface QuarantineEvent extends Omit<RenderKey, 'moduleUrl'> {
  /** `probe-failed`: a probe render failed, another period starts (logged, not in the history). */
  kind: 'quarantined' | 'lifted' | 'probe-failed';
  /** When it happened (ms since the epoch). */
  at: number;
  /** The last failure's message. */
  reason?: string;
  /** The failures that counted. */
  failures?: number;
  /** When one probe render will be tried (ms since the epoch). */
  probeAt?: number;
}

/** A server render let through: say how it went. */
export interface Admission {
  succeeded(): void;
  failed(reason: string): void;
}

export interface QuarantineOptions {
  failures?: number;
  windowMs?: number;
  periodMs?: number;
  now?: () => number;
  report?: (event: QuarantineEvent) => void;
}

interface Tracked {
  key: RenderKey;
  /** Times of the failures that count (within the window, none since a success). */
  failures: number[];
  /** A render of it is running while it is suspect or quarantined (the one allowed). */
  trying: boolean;
  /** Quarantined: when a probe may run. */
  probeAt: number | null;
  /** The visitors who waited for a failed render of it. */
  waited: Set<string>;
}

const idOf = (k: RenderKey) => `${k.remote}\n${k.moduleUrl}\n${k.page}`;

export class RenderQuarantine {
  private readonly tracked = new Map<string, Tracked>();
  private readonly o: Required<QuarantineOptions>;

  constructor(o: QuarantineOptions = {}) {
    this.o = {
      failures: o.failures ?? QUARANTINE_FAILURES,
      windowMs: o.windowMs ?? QUARANTINE_WINDOW_MS,
      periodMs: o.periodMs ?? QUARANTINE_PERIOD_MS,
      now: o.now ?? Date.now,
      report: o.report ?? (() => undefined),
    };
  }

  /** Whether the page of this release is quarantined now (a probe due counts as not yet). */
  isQuarantined(key: RenderKey): boolean {
    return this.tracked.get(idOf(key))?.probeAt != null;
  }

  /**
   * A server render of this page of this release for `visitor`, or null when the page is to render
   * in the browser now: it is quarantined and no probe is due, or it has failed and another render of it is running
   * or this visitor waited for a failed one already.
   */
  admit(key: RenderKey, visitor = ''): Admission | null {
    const t = this.tracked.get(idOf(key));
    if (!t) return this.admission(key, null, visitor);
    this.forgetOld(t);
    if (t.probeAt === null && t.failures.length === 0 && !t.trying) {
      this.tracked.delete(idOf(key));
      return this.admission(key, null, visitor);
    }
    if (t.trying || (t.probeAt !== null && this.o.now() < t.probeAt)) return null;
    if (visitor && t.waited.has(visitor)) return null;
    t.trying = true;
    return this.admission(key, t, visitor);
  }

  /** The answer for one render; `t` is the page's record when this render is the one allowed at a time. */
  private admission(key: RenderKey, t: Tracked | null, visitor: string): Admission {
    let settled = false;
    const settle = (fn: () => void) => () => {
      if (settled) return;
      settled = true;
      if (t) t.trying = false;
      fn();
    };
    return {
      succeeded: settle(() => this.succeeded(key)),
      failed: (reason: string) => settle(() => this.failed(key, reason, visitor))(),
    };
  }

  private succeeded(key: RenderKey): void {
    const t = this.tracked.get(idOf(key));
    if (!t) return;
    this.tracked.delete(idOf(key));
    if (t.probeAt !== null) this.o.report({ ...this.named(key), kind: 'lifted', at: this.o.now() });
  }

  private failed(key: RenderKey, reason: string, visitor: string): void {
    const now = this.o.now();
    const t = this.track(key);
    this.forgetOld(t);
    t.failures.push(now);
    if (visitor && t.waited.size < MAX_WAITED) t.waited.add(visitor);
    const wasQuarantined = t.probeAt !== null;
    if (!wasQuarantined && t.failures.length < this.o.failures) return;
    t.probeAt = now + this.o.periodMs;
    this.o.report({
      ...this.named(key),
      kind: wasQuarantined ? 'probe-failed' : 'quarantined',
      at: now,
      reason,
      failures: t.failures.length,
      probeAt: t.probeAt,
    });
  }

  private track(key: RenderKey): Tracked {
    const id = idOf(key);
    let t = this.tracked.get(id);
    if (!t) {
      if (this.tracked.size >= MAX_TRACKED) this.prune();
      t = { key, failures: [], trying: false, probeAt: null, waited: new Set() };
      this.tracked.set(id, t);
    }
    return t;
  }

  /** Failures older than the window no longer count. */
  private forgetOld(t: Tracked): void {
    const since = this.o.now() - this.o.windowMs;
    t.failures = t.failures.filter((at) => at > since);
  }

  /** Room for another page: pages with no counting failure go, then the oldest. */
  private prune(): void {
    for (const [id, t] of this.tracked) {
      this.forgetOld(t);
      if (t.probeAt === null && !t.trying && t.failures.length === 0) this.tracked.delete(id);
    }
    const oldest = this.tracked.keys().next();
    if (this.tracked.size >= MAX_TRACKED && !oldest.done) this.tracked.delete(oldest.value);
  }

  private named(key: RenderKey): Omit<RenderKey, 'moduleUrl'> {
    return { remote: key.remote, version: key.version, page: key.page };
  }
}
