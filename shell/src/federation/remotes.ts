// The shell's door to the federation runtime: register the remotes listed in /remotes.json once,
// then load page modules by id. A failure is never remembered: the next call starts over, which is
// what makes the error boundary's Retry button work (and lets a late remotes.json still arrive).
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { fetchRemotesConfig, inlineRemotesConfig, type RemoteConfigEntry } from './remotesConfig';
import type { RemoteModuleId } from '../routes/paths';

let registered: Promise<RemoteConfigEntry[]> | null = null;
let inlineTaken = false;

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

const loadedPages = new Map<RemoteModuleId, PageModule>();

/** Loads `mfe_x/Page` and returns its default-exported component (remembered once loaded). */
export async function loadPageModule(id: RemoteModuleId): Promise<PageModule> {
  const known = loadedPages.get(id);
  if (known) return known;
  await ensureRemotes();
  const mod = await loadRemote<Partial<PageModule> | ComponentType>(id);
  const component = mod && typeof mod === 'object' && 'default' in mod ? mod.default : mod;
  if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
    throw new RemoteModuleError(`${id} did not export a React component.`);
  }
  const page = { default: component as ComponentType };
  loadedPages.set(id, page);
  return page;
}

/** The page module, if it has loaded already: then it renders at once, with no Suspense fallback. */
export const loadedPageModule = (id: RemoteModuleId): PageModule | undefined => loadedPages.get(id);

/** For tests: forget the registration so the next call fetches remotes.json again. */
export function resetRemotesForTests(): void {
  registered = null;
  loadedPages.clear();
  inlineTaken = false;
}
