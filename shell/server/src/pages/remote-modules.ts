// The remotes' server modules, as the page renders need them. A remote's module is the file named by
// `ssr-manifest.json` beside the `mf-manifest.json` the visitor's remotes list names. Both manifests are read on
// every page request, so a remote deployed alone is rendered in its new version at once, with no shell rebuild or
// restart; the module's code is fetched once per version. A remote that does not answer (down, hung:
// REMOTE_TIMEOUT_MS) is rendered with the last server module it served, for as long as remotes.json names the
// same entry (asked again after STALE_RETRY_MS): its visitors keep getting the page as HTML.
import { fetchOk, withTimeout } from '../fetch';
import type { RemoteEntry } from '../remotes/remotes';
import type { RemoteModule } from '../render/tasks';
import type { FederationManifest } from './stylesheets';

/** How long the server waits for a remote's manifests or its server module before rendering in the browser. */
export const REMOTE_TIMEOUT_MS = 2000;
/** After a remote failed to answer, how long its last server module is used without asking it again. */
const STALE_RETRY_MS = 10_000;

/** A remote's server module (null: it renders in the browser only), its manifest and where that is. */
export interface RemoteServerModule {
  module: RemoteModule | null;
  manifest: FederationManifest;
  base: URL;
}

interface Kept {
  entry: string;
  value: RemoteServerModule;
  failedAt: number;
}

/** A remote's server module as it serves it now (its code, not evaluated), with its mf-manifest.json. */
async function freshServerModule(
  remote: RemoteEntry,
  kept: Kept | null,
): Promise<RemoteServerModule> {
  const base = new URL(remote.entry);
  const [ssrManifest, manifest] = await Promise.all([
    fetchOk(new URL('ssr-manifest.json', base), 'json', REMOTE_TIMEOUT_MS).catch((err: Error) => {
      if (/answered 404$/.test(err.message)) return {}; // a remote that renders in the browser only
      throw err;
    }) as Promise<{ render?: unknown }>,
    fetchOk(base, 'json', REMOTE_TIMEOUT_MS) as Promise<FederationManifest>,
  ]);
  if (typeof ssrManifest.render !== 'string') return { module: null, manifest, base };
  const url = new URL(ssrManifest.render, base).href;
  const known = kept?.value.module;
  const code = known?.url === url ? known.code : await fetchOk(url, 'text', REMOTE_TIMEOUT_MS);
  return { module: { name: remote.name, url, code }, manifest, base };
}

export class RemoteModules {
  /** The last server module each remote served, by remote name. Older versions are dropped. */
  private readonly lastGood = new Map<string, Kept>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * A remote's server module: as it serves it now, or, when it does not answer in time, the last one it served
   * from the same entry.
   */
  async of(remote: RemoteEntry): Promise<RemoteServerModule> {
    const kept = this.lastGood.get(remote.name);
    const usable = kept && kept.entry === remote.entry ? kept : null;
    if (usable?.failedAt && this.now() - usable.failedAt < STALE_RETRY_MS) return usable.value;
    try {
      const what = `${remote.name}'s server module`;
      const value = await withTimeout(freshServerModule(remote, usable), REMOTE_TIMEOUT_MS, what);
      this.lastGood.set(remote.name, { entry: remote.entry, value, failedAt: 0 });
      return value;
    } catch (err) {
      if (!usable) throw err;
      if (!usable.failedAt) {
        const why = (err as Error)?.message ?? err;
        console.warn(
          `[pages] ${remote.name} did not answer (${why}); rendering with its last server module`,
        );
      }
      usable.failedAt = this.now();
      return usable.value;
    }
  }
}
