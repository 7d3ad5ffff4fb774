// The first page's code is fetched while the shared modules (React, the router, @referio/shared) load,
// instead of after them: index.ts calls preloadFirstPage before the async boundary. It reads /remotes.json,
// registers the remotes and asks the federation runtime to preload the page's remote entry and chunks
// (<link rel="preload">, nothing is executed, so the shared-module negotiation is untouched).
import { preloadRemote } from '@module-federation/enhanced/runtime';
import { ensureRemotes } from './remotes';
import { routes, type RemoteModuleId, type RouteDef } from '../routes/paths';

/** The remote page module a URL shows, for the routes without parameters (plus job details); else null. */
export function firstPageModule(pathname: string): RemoteModuleId | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const route of Object.values(routes) as RouteDef[]) {
    const { target } = route;
    if (target.kind !== 'remote') continue;
    if (route.path === path) return target.module;
    if (route.path === routes.jobDetails.path && /^\/job-details\/[^/]+$/.test(path)) {
      return target.module;
    }
  }
  return null;
}

/** Starts the remotes' registration and preloads the page `pathname` shows; failures are left to the page. */
export async function preloadFirstPage(pathname: string): Promise<void> {
  const id = firstPageModule(pathname);
  try {
    await ensureRemotes();
    if (!id) return;
    const [remote, page] = id.split('/');
    await preloadRemote([{ nameOrAlias: remote!, exposes: [`./${page}`] }]);
  } catch {
    // The page's own load retries and shows the failure UI; a preload has nothing to add.
  }
}

/**
 * Island's attribute (`ISLAND_ATTR` of '@referio/shared/islands'), written out: this module is in main.js, which
 * must not consume a shared module before the async boundary.
 */
const ISLAND_ATTR = 'data-island';

/**
 * Whether this page is taken over as islands (shell/src/islands.tsx): the server marked it so, and it came with
 * its data (a page showing a spinner is the app's to finish).
 */
export function isIslandsPage(doc: Document = document): boolean {
  return (
    doc.documentElement.hasAttribute('data-islands') &&
    doc.querySelector('#root .rf-spinner') === null &&
    doc.querySelector(`[${ISLAND_ATTR}]`) !== null
  );
}

/**
 * On a page taken over as islands: preloads the remote modules its islands name (`data-island`), while the
 * shared modules load. The shell's own islands are in the islands chunk.
 */
export async function preloadIslands(doc: Document = document): Promise<void> {
  const byRemote = new Map<string, string[]>();
  for (const el of doc.querySelectorAll(`[${ISLAND_ATTR}]`)) {
    const [remote, module] = (el.getAttribute(ISLAND_ATTR) ?? '').split('/');
    if (!remote || !module || remote === 'shell') continue;
    byRemote.set(remote, [...(byRemote.get(remote) ?? []), `./${module}`]);
  }
  if (byRemote.size === 0) return;
  try {
    await ensureRemotes();
    await preloadRemote([...byRemote].map(([nameOrAlias, exposes]) => ({ nameOrAlias, exposes })));
  } catch {
    // The island's own load reports a failure; a preload has nothing to add.
  }
}
