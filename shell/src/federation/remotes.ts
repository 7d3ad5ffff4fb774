// The shell's door to the federation runtime: register the remotes listed in /remotes.json once,
// then load page modules by id. A failure is never remembered: the next call starts over, which is
// what makes the error boundary's Retry button work (and lets a late remotes.json still arrive).
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { fetchRemotesConfig, type RemoteConfigEntry } from './remotes-config';
import type { RemoteModuleId } from '../routes/paths';

let registered: Promise<RemoteConfigEntry[]> | null = null;

/** Fetches /remotes.json and registers its remotes; shares one attempt between callers, forgets a failed one. */
export function ensureRemotes(): Promise<RemoteConfigEntry[]> {
  if (!registered) {
    const attempt = fetchRemotesConfig().then((remotes) => {
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

/** Loads `mfe_x/Page` and returns its default-exported component. */
export async function loadPageModule(id: RemoteModuleId): Promise<PageModule> {
  await ensureRemotes();
  const mod = await loadRemote<Partial<PageModule> | ComponentType>(id);
  const component = mod && typeof mod === 'object' && 'default' in mod ? mod.default : mod;
  if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
    throw new RemoteModuleError(`${id} did not export a React component.`);
  }
  return { default: component as ComponentType };
}

/** For tests: forget the registration so the next call fetches remotes.json again. */
export function resetRemotesForTests(): void {
  registered = null;
}
