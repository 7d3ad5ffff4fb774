// The shell's door to the federation runtime: register the remotes listed in /remotes.json once,
// then load page modules by id. A failure is never remembered: the next call starts over, which is
// what makes the error boundary's Retry button work (and lets a late remotes.json still arrive).
// Releases: /remotes.json is the pointer to each remote's live release. A chunk that fails to load (the
// release this tab started with is gone) makes the shell read the pointer again and load that remote from
// the entry it names now, once per load (`reloadRemoteFromPointer`). `checkForNewRelease` tells whether a
// remote this tab runs code of, or the shell itself, has a newer release live (the notice offers a reload); a
// remote it has not loaded yet is quietly moved to the new entry, so its first page comes from the live release.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import {
  fetchRemotesAnswer,
  fetchRemotesConfig,
  inlineRemotesConfig,
  tabShellRelease,
  type RemoteConfigEntry,
} from './remotesConfig';
import type { RemoteModuleId } from '../routes/paths';

let registered: Promise<RemoteConfigEntry[]> | null = null;
let inlineTaken = false;
/** The entry each remote is registered with in the runtime (absolute URL). */
const registeredEntries = new Map<string, string>();
/** The remotes this tab has run code of (a page module loaded). */
const loadedRemotes = new Set<string>();

const absolute = (entry: string) =>
  typeof window === 'undefined' ? entry : new URL(entry, window.location.href).href;

/**
 * Registers the remotes of remotes.json (the page's own copy the first time, else the file, fetched); shares
 * one attempt between callers, forgets a failed one (a retry fetches the file).
 */
export function ensureRemotes(): Promise<RemoteConfigEntry[]> {
  if (!registered) {
    const inline = inlineTaken ? null : inlineRemotesConfig();
    inlineTaken = true;
    const config = inline ? Promise.resolve(inline) : fetchRemotesConfig();
    const attempt = config.then((remotes) => {
      registerRemotes(remotes);
      for (const r of remotes) registeredEntries.set(r.name, absolute(r.entry));
      return remotes;
    });
    registered = attempt;
    attempt.catch(() => {
      if (registered === attempt) registered = null;
    });
  }
  return registered;
}

export class RemoteModuleError extends Error {
  override name = 'RemoteModuleError';
}

export interface PageModule {
  default: ComponentType;
}

const loadedPages = new Map<string, PageModule>();

/**
 * A chunk of a loaded remote that did not arrive: webpack's ChunkLoadError (a script or stylesheet chunk).
 * Typical after a release replaced the one this tab runs; a remote that does not answer at all fails
 * differently (its manifest or entry), and is left to the failure card.
 */
export function isChunkLoadError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (
    err.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk \S+ failed|ChunkLoadError/.test(err.message)
  );
}

/**
 * The federation runtime refusing a remote whose required range of a strict singleton (`@referio/shared`)
 * the page's copy does not satisfy ("Version 2.0.0 from shell of shared singleton module @referio/shared does
 * not satisfy the requirement of mfe_x which needs ^3.0.0").
 */
export function isSharedVersionRefusal(err: unknown): boolean {
  return err instanceof Error && /does not satisfy the requirement/.test(err.message);
}

/**
 * Remotes refused for a shared version, with the refusal: none of their modules is loaded again in this tab
 * (a second load can get the module with the refused dependency missing, and it would fail deep in a page).
 * A new entry from the pointer (`reloadRemoteFromPointer`) clears it.
 */
const refusedRemotes = new Map<string, Error>();

/** Registers `name` again with the entry the pointer names now; true when it names one. */
export async function reloadRemoteFromPointer(name: string): Promise<boolean> {
  const current = await fetchRemotesConfig();
  const remote = current.find((r) => r.name === name);
  if (!remote) return false;
  registerRemotes([remote], { force: true });
  registeredEntries.set(name, absolute(remote.entry));
  refusedRemotes.delete(name);
  loadedRemotes.delete(name);
  for (const id of [...loadedPages.keys()]) if (id.startsWith(`${name}/`)) loadedPages.delete(id);
  return true;
}

/** Loads `mfe_x/Page` and returns its default-exported component (remembered once loaded). */
export function loadPageModule(id: RemoteModuleId): Promise<PageModule> {
  return loadComponentModule(id);
}

/** Loads a remote's island module (`mfe_public/StoriesIsland`, named by the server's HTML) the same way. */
export function loadIslandModule(id: string): Promise<PageModule> {
  return loadComponentModule(id);
}

async function loadComponentModule(id: string): Promise<PageModule> {
  const known = loadedPages.get(id);
  if (known) return known;
  await ensureRemotes();
  const remoteName = id.split('/')[0]!;
  const refused = refusedRemotes.get(remoteName);
  if (refused) throw refused;
  let mod: Partial<PageModule> | ComponentType | null;
  try {
    mod = await loadRemote<Partial<PageModule> | ComponentType>(id);
  } catch (err) {
    if (isSharedVersionRefusal(err)) refusedRemotes.set(remoteName, err as Error);
    if (!isChunkLoadError(err)) throw err;
    console.warn(`[referio] ${id}: a chunk did not load; loading ${remoteName} from /remotes.json`);
    if (!(await reloadRemoteFromPointer(remoteName))) throw err;
    mod = await loadRemote<Partial<PageModule> | ComponentType>(id);
  }
  const component = mod && typeof mod === 'object' && 'default' in mod ? mod.default : mod;
  if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
    throw new RemoteModuleError(`${id} did not export a React component.`);
  }
  const page = { default: component as ComponentType };
  loadedPages.set(id, page);
  loadedRemotes.add(remoteName);
  return page;
}

/**
 * Reads the pointer and tells whether a remote this tab has loaded code of is live in another release now.
 * Remotes not loaded yet are moved to their new entry on the way (nothing of theirs runs in the tab).
 */
export async function checkForNewRelease(tabShell = tabShellRelease()): Promise<boolean> {
  if (!registered) return false;
  await registered;
  const { remotes: current, shellRelease } = await fetchRemotesAnswer();
  // The shell itself moved on (a deploy, a rollback, or this visitor in or out of its canary).
  let newer = Boolean(tabShell && shellRelease && shellRelease !== tabShell);
  for (const remote of current) {
    const entry = absolute(remote.entry);
    const was = registeredEntries.get(remote.name);
    if (was === entry) continue;
    if (loadedRemotes.has(remote.name)) newer = true;
    else {
      registerRemotes([remote], { force: was !== undefined });
      registeredEntries.set(remote.name, entry);
    }
  }
  return newer;
}

/** Whether this tab has run code of any remote (then a newer release is worth a check). */
export const hasLoadedRemotes = (): boolean => loadedRemotes.size > 0;

/** The page module, if it has loaded already: then it renders at once, with no Suspense fallback. */
export const loadedPageModule = (id: RemoteModuleId): PageModule | undefined => loadedPages.get(id);

/** For tests: forget the registration so the next call fetches remotes.json again. */
export function resetRemotesForTests(): void {
  registered = null;
  loadedPages.clear();
  inlineTaken = false;
  registeredEntries.clear();
  loadedRemotes.clear();
  refusedRemotes.clear();
}
