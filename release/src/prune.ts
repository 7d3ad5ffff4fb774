// Retention: an app keeps its newest `keep` releases and, whatever their age, the live one, the canary, the one
// `rollback` would go back to, and every release that was live in the last 24 hours.
import { listReleases, removeRelease, type ReleaseRecord } from './releases';
import { history, movedPointer, readPointer } from './pointer';
import type { Store } from './store';

export const RECENTLY_LIVE_MS = 24 * 60 * 60 * 1000;

export interface PruneResult {
  kept: string[];
  removed: string[];
}

/** The versions of `app` that must stay whatever `keep` says, with the reason. */
export async function protectedVersions(
  store: Store,
  app: string,
  now: Date,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const p = (await readPointer(store)).apps[app];
  if (p) {
    out.set(p.live, 'live');
    if (p.canary) out.set(p.canary.version, 'canary');
    const back = p.past[p.past.length - 1];
    if (back && !out.has(back)) out.set(back, 'rollback target');
  }
  const since = now.getTime() - RECENTLY_LIVE_MS;
  for (const e of await history(store, app)) {
    if (Date.parse(e.at) < since || !movedPointer(e)) continue;
    // Live until this change (from), or made live by it (to): live within the window either way.
    for (const v of [e.from, e.action === 'canary' || e.action === 'abort' ? null : e.to]) {
      if (v && !out.has(v)) out.set(v, 'live in the last 24 h');
    }
  }
  return out;
}

export async function prune(
  store: Store,
  app: string,
  keep: number,
  o: { now?: Date; dryRun?: boolean } = {},
): Promise<PruneResult> {
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`--keep must be 1 or more, got ${keep}`);
  const now = o.now ?? new Date();
  const all = await listReleases(store, app);
  const guarded = await protectedVersions(store, app, now);
  const newest = new Set(all.slice(-keep).map((r) => r.version));
  const doomed: ReleaseRecord[] = all.filter(
    (r) => !newest.has(r.version) && !guarded.has(r.version),
  );
  if (!o.dryRun) for (const r of doomed) await removeRelease(store, r);
  const removed = new Set(doomed.map((r) => r.version));
  return {
    kept: all.filter((r) => !removed.has(r.version)).map((r) => r.version),
    removed: [...removed],
  };
}
