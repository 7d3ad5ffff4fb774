// The pointer: which kept release of each app is live (and which is in canary), in the store as
// `pointer.json`, so the shell's servers read it wherever the store is. Every change is recorded in the
// history, one object per change (`history/<time>-<app>-<id>.json`: no read-modify-write of a shared list). The
// shell's servers add to it too: a page of a release whose server render they quarantined, and its lifting.
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { checkApp, checkVersion, getRelease, listReleases, RefusedError } from './releases';
import { checkRelease } from './guard';
import { getJson, putJson, type Store } from './store';

export interface Canary {
  version: string;
  /** The share of visitors (0-100) whose bucket is below it. */
  percent: number;
  since: string;
}

export interface AppPointer {
  live: string;
  since: string;
  /** The releases live before, oldest first: `rollback` goes back to the last. */
  past: string[];
  canary?: Canary;
}

export interface Pointer {
  apps: Record<string, AppPointer>;
}

export type Action = 'deploy' | 'rollback' | 'canary' | 'promote' | 'abort' | Quarantine;

/** A shell server's quarantine of a release's server render (the pointer does not move). */
export type Quarantine = 'quarantine' | 'lift';

/** Whether an event moved the pointer (a deploy, rollback, canary, …) rather than told of a quarantine. */
export const movedPointer = (e: HistoryEvent): boolean =>
  e.action !== 'quarantine' && e.action !== 'lift';

export interface HistoryEvent {
  at: string;
  by: string;
  app: string;
  action: Action;
  /** The live release before (for canary and abort: the live one, unchanged). */
  from: string | null;
  /** The live release after (for canary: the canary's). */
  to: string | null;
  note: string;
  percent?: number;
  /** quarantine, lift: the page whose server render it is about (`./Landing`). */
  page?: string;
}

export const POINTER_KEY = 'pointer.json';

export async function readPointer(store: Store): Promise<Pointer> {
  return (await getJson<Pointer>(store, POINTER_KEY)) ?? { apps: {} };
}

/** Who is acting: `--by`, else RELEASE_BY, else git's user.name (and e-mail), else $USER. */
export function whoAmI(by?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (by) return by;
  if (env.RELEASE_BY) return env.RELEASE_BY;
  try {
    const name = execFileSync('git', ['config', 'user.name'], { encoding: 'utf8' }).trim();
    let email = '';
    try {
      email = execFileSync('git', ['config', 'user.email'], { encoding: 'utf8' }).trim();
    } catch {
      // no e-mail configured
    }
    if (name) return email ? `${name} <${email}>` : name;
  } catch {
    // no git or no user.name
  }
  return env.USER || env.USERNAME || os.userInfo().username || 'unknown';
}

export interface ActOptions {
  by?: string;
  note?: string;
  now?: Date;
}

async function record(
  store: Store,
  event: Omit<HistoryEvent, 'at' | 'by' | 'note'>,
  o: ActOptions,
): Promise<HistoryEvent> {
  const at = (o.now ?? new Date()).toISOString();
  const full: HistoryEvent = { at, by: whoAmI(o.by), note: o.note ?? '', ...event };
  await putJson(store, `history/${at}-${event.app}-${randomUUID().slice(0, 8)}.json`, full);
  return full;
}

async function mustExist(store: Store, app: string, version: string): Promise<void> {
  if (!(await getRelease(store, app, version))) {
    throw new RefusedError(`refused: ${app} has no release ${version} in ${store.location}`);
  }
}

/** `latest` (the newest release), else a version, else the one version that starts with it. */
export async function resolveVersion(store: Store, app: string, wanted: string): Promise<string> {
  const all = await listReleases(store, checkApp(app));
  if (wanted === 'latest') {
    const last = all[all.length - 1];
    if (!last) throw new RefusedError(`refused: ${app} has no release in ${store.location}`);
    return last.version;
  }
  if (all.some((r) => r.version === wanted)) return wanted;
  const matches = all.filter((r) => r.version.startsWith(wanted));
  if (matches.length === 1) return matches[0]!.version;
  if (matches.length > 1)
    throw new RefusedError(
      `refused: '${wanted}' matches ${matches.length} releases of ${app}: ${matches.map((r) => r.version).join(', ')}`,
    );
  throw new RefusedError(`refused: ${app} has no release ${wanted} in ${store.location}`);
}

async function guard(store: Store, pointer: Pointer, app: string, version: string): Promise<void> {
  const problems = await checkRelease(store, pointer, app, version);
  if (problems.length) throw new RefusedError(`refused: ${problems.join('; ')}`);
}

/** Makes `version` the live release of `app` (the guard first). */
export async function deploy(
  store: Store,
  app: string,
  version: string,
  o: ActOptions = {},
): Promise<HistoryEvent> {
  checkApp(app);
  checkVersion(version);
  await mustExist(store, app, version);
  const pointer = await readPointer(store);
  await guard(store, pointer, app, version);
  const current = pointer.apps[app];
  const from = current?.live ?? null;
  const since = (o.now ?? new Date()).toISOString();
  const past = [...(current?.past ?? [])];
  if (from && from !== version) past.push(from);
  // A canary of the version deployed is over; a canary of another version keeps running.
  const canary = current?.canary && current.canary.version !== version ? current.canary : undefined;
  pointer.apps[app] = { live: version, since, past, ...(canary ? { canary } : {}) };
  await putJson(store, 'pointer.json', pointer);
  return record(store, { app, action: 'deploy', from, to: version }, o);
}

/** Back to the release live before this one: nothing is built, only the pointer moves. */
export async function rollback(
  store: Store,
  app: string,
  o: ActOptions = {},
): Promise<HistoryEvent> {
  checkApp(app);
  const pointer = await readPointer(store);
  const current = pointer.apps[app];
  const target = current?.past[current.past.length - 1];
  if (!current || !target)
    throw new RefusedError(`refused: ${app} has no earlier release to roll back to`);
  await mustExist(store, app, target);
  await guard(store, pointer, app, target);
  pointer.apps[app] = {
    live: target,
    since: (o.now ?? new Date()).toISOString(),
    past: current.past.slice(0, -1),
    ...(current.canary ? { canary: current.canary } : {}),
  };
  await putJson(store, 'pointer.json', pointer);
  return record(store, { app, action: 'rollback', from: current.live, to: target }, o);
}

/** Serves `version` to `percent` % of visitors (a sticky bucket each), the live release to the rest. */
export async function canary(
  store: Store,
  app: string,
  version: string,
  percent: number,
  o: ActOptions = {},
): Promise<HistoryEvent> {
  checkApp(app);
  checkVersion(version);
  if (!Number.isInteger(percent) || percent < 1 || percent > 99)
    throw new RefusedError(
      `refused: --percent must be a whole number from 1 to 99, got ${percent}`,
    );
  await mustExist(store, app, version);
  const pointer = await readPointer(store);
  const current = pointer.apps[app];
  if (!current) throw new RefusedError(`refused: ${app} has no live release yet: deploy one first`);
  if (current.live === version)
    throw new RefusedError(`refused: ${app} ${version} is already live`);
  await guard(store, pointer, app, version);
  const since = (o.now ?? new Date()).toISOString();
  pointer.apps[app] = { ...current, canary: { version, percent, since } };
  await putJson(store, 'pointer.json', pointer);
  return record(store, { app, action: 'canary', from: current.live, to: version, percent }, o);
}

/** The canary becomes the live release for everyone. */
export async function promote(
  store: Store,
  app: string,
  o: ActOptions = {},
): Promise<HistoryEvent> {
  const pointer = await readPointer(store);
  const current = pointer.apps[checkApp(app)];
  if (!current?.canary) throw new RefusedError(`refused: ${app} has no canary to promote`);
  const version = current.canary.version;
  await mustExist(store, app, version);
  await guard(store, pointer, app, version);
  pointer.apps[app] = {
    live: version,
    since: (o.now ?? new Date()).toISOString(),
    past: [...current.past, current.live],
  };
  await putJson(store, 'pointer.json', pointer);
  return record(store, { app, action: 'promote', from: current.live, to: version }, o);
}

/** The canary ends; everyone gets the live release. */
export async function abort(store: Store, app: string, o: ActOptions = {}): Promise<HistoryEvent> {
  const pointer = await readPointer(store);
  const current = pointer.apps[checkApp(app)];
  if (!current?.canary) throw new RefusedError(`refused: ${app} has no canary to abort`);
  const { canary: ended, ...rest } = current;
  pointer.apps[app] = rest;
  await putJson(store, 'pointer.json', pointer);
  return record(
    store,
    { app, action: 'abort', from: current.live, to: current.live, percent: ended.percent },
    { ...o, note: o.note || `canary ${ended.version} ended` },
  );
}

/** The history, oldest first (of one app, or all). */
export async function history(store: Store, app?: string): Promise<HistoryEvent[]> {
  const keys = await store.list('history/');
  const events = await Promise.all(keys.map((k) => getJson<HistoryEvent>(store, k)));
  return events
    .filter((e): e is HistoryEvent => e !== null && (!app || e.app === app))
    .sort((a, b) => a.at.localeCompare(b.at));
}

export interface QuarantineRecord {
  app: string;
  version: string;
  page: string;
  action: Quarantine;
  /** Why (the render's failure), or how it was lifted. */
  note: string;
  /** The shell server that saw it. */
  by: string;
  now?: Date;
}

/**
 * Records that a shell server set a page of a release aside from server rendering, or lifted that: an event of the
 * history (`from` and `to` are the release concerned; the pointer is not touched).
 */
export async function recordQuarantine(store: Store, q: QuarantineRecord): Promise<HistoryEvent> {
  checkApp(q.app);
  checkVersion(q.version);
  const event = { app: q.app, action: q.action, from: q.version, to: q.version, page: q.page };
  return record(store, event, { by: q.by, note: q.note, now: q.now });
}

/**
 * The quarantines in force for what is live or in canary, as the shell servers reported them in the history: a page
 * of a release whose last quarantine event is `quarantine` (a server that restarts forgets its quarantines without
 * a `lift`: this is what was reported, not a server's memory).
 */
export async function quarantinedNow(store: Store, pointer: Pointer): Promise<HistoryEvent[]> {
  const last = new Map<string, HistoryEvent>();
  for (const e of await history(store)) {
    if (!movedPointer(e)) last.set(`${e.app} ${e.to} ${e.page}`, e);
  }
  const served = (e: HistoryEvent) => {
    const p = pointer.apps[e.app];
    return !!p && (p.live === e.to || p.canary?.version === e.to);
  };
  return [...last.values()].filter((e) => e.action === 'quarantine' && served(e));
}
