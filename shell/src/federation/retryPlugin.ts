// Layer 1 of 3 against a remote that does not answer: retry inside the federation runtime.
// - `fetch` (loaderHook): the runtime fetches each mf-manifest.json through this hook; we retry
//   network errors and 5xx/408/429 answers with backoff.
// - `loadEntryError` (loaderHook): called when a remoteEntry.js <script> fails to load; we drop the
//   failed attempt from the runtime's `globalLoading` map (otherwise the retry would await the same
//   rejected promise) and load the entry again with backoff.
// - `errorLoadRemote` (remoteHandler): the last word when loading still failed; we log it with the
//   remote's name and return nothing, so the error reaches RemotePage's error boundary (layers 2 and 3).
// Nothing here is cached on failure: the next loadRemote (the boundary's Retry button) starts afresh.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type LoadEntryErrorResult = ReturnType<
  NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>
>;

export interface RetryOptions {
  /** Extra attempts after the first one. */
  retries?: number;
  /** Delay before retry n is baseDelayMs * 2^(n-1). */
  baseDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  fetchImpl?: typeof fetch;
}

const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function backoff(attempt: number, baseDelayMs: number): number {
  return baseDelayMs * 2 ** (attempt - 1);
}

export function createRetryPlugin(options: RetryOptions = {}): ModuleFederationRuntimePlugin {
  const retries = options.retries ?? 2;
  const baseDelayMs = options.baseDelayMs ?? 400;
  const sleep = options.sleep ?? defaultSleep;
  const doFetch = (url: string, init: RequestInit) => (options.fetchImpl ?? fetch)(url, init);

  return {
    name: 'referio-retry-plugin',

    async fetch(url: string, init: RequestInit) {
      let lastError: unknown;
      for (let attempt = 0; attempt <= retries; attempt++) {
        if (attempt > 0) await sleep(backoff(attempt, baseDelayMs));
        try {
          const res = await doFetch(url, init);
          if (res.ok) return res;
          lastError = new Error(`${url} answered ${res.status}`);
          if (!RETRYABLE_STATUS.has(res.status)) break;
        } catch (err) {
          lastError = err;
        }
      }
      throw lastError instanceof Error ? lastError : new Error(`Could not fetch ${url}`);
    },

    loadEntryError({
      getRemoteEntry,
      origin,
      remoteInfo,
      remoteEntryExports,
      globalLoading,
      uniqueKey,
    }) {
      const retryEntry = async () => {
        for (let attempt = 1; attempt <= retries; attempt++) {
          await sleep(backoff(attempt, baseDelayMs));
          delete globalLoading[uniqueKey];
          try {
            const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
            if (exports) return exports;
          } catch {
            // try again; after the last attempt the runtime rethrows the original error
          }
        }
        delete globalLoading[uniqueKey];
        return undefined;
      };
      // The runtime's typing says Promise<Promise<…>>; at run time it simply awaits the entry exports.
      return retryEntry() as unknown as LoadEntryErrorResult;
    },

    errorLoadRemote({ id, error, lifecycle, remote }) {
      const where = remote?.name ?? id;
      console.error(`[referio] could not load ${id} from ${where} (${lifecycle}):`, error);
      return undefined;
    },
  };
}

/** The module the federation runtime loads (webpack `runtimePlugins`): default export = plugin factory. */
export default function referioRetryPlugin(): ModuleFederationRuntimePlugin {
  return createRetryPlugin();
}
