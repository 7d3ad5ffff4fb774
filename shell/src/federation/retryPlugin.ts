// Layer 1 of 3 against a remote that does not answer: time-outs and retries inside the federation runtime.
// - `fetch` (loaderHook): the runtime fetches each mf-manifest.json through this hook. Each attempt has a time
//   limit (`timeoutMs`): a server that accepts the connection and never answers fails the load after it, instead
//   of leaving a spinner for ever. Network errors and 5xx/408/429 answers are retried with backoff; a time-out is
//   not (a hung server seldom answers the second ask sooner, and the visitor has waited long enough).
// - `createScript` (loaderHook): a remoteEntry.js <script> gets the same time limit (the runtime's own is 20 s).
// - `loadEntryError` (loaderHook): called when a remoteEntry.js <script> failed to load; we drop the failed
//   attempt from the runtime's `globalLoading` map (otherwise the retry would await the same rejected promise)
//   and load the entry again with backoff, unless it timed out.
// - `errorLoadRemote` (remoteHandler): the last word when loading still failed; we log it with the remote's
//   name and return nothing, so the error reaches RemotePage's error boundary (layers 2 and 3).
// Nothing here is cached on failure: the next loadRemote (the boundary's Retry button) starts afresh.
// Why not @module-federation/retry-plugin: see shell/README.md, "Failure handling".
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type LoadEntryErrorResult = ReturnType<
  NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>
>;

/** How long one manifest fetch or remote entry may take by default (ms). */
export const DEFAULT_REMOTE_TIMEOUT_MS = 5000;
/** The page may set its own: `<meta name="referio:remote-timeout-ms" content="3000">` (shell/public/index.html). */
export const REMOTE_TIMEOUT_META = 'referio:remote-timeout-ms';

export interface RetryOptions {
  /** Extra attempts after the first one. */
  retries?: number;
  /** Delay before retry n is baseDelayMs * 2^(n-1). */
  baseDelayMs?: number;
  /** Time limit of one manifest fetch or remote entry load. */
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  fetchImpl?: typeof fetch;
}

const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function backoff(attempt: number, baseDelayMs: number): number {
  return baseDelayMs * 2 ** (attempt - 1);
}

export class RemoteTimeoutError extends Error {
  override name = 'RemoteTimeoutError';
}

/** The time limit the page names in its meta tag, or the default. */
export function remoteTimeoutMs(doc: Document | undefined = globalThis.document): number {
  const raw = doc?.querySelector(`meta[name="${REMOTE_TIMEOUT_META}"]`)?.getAttribute('content');
  const ms = Number(raw);
  return raw && Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_REMOTE_TIMEOUT_MS;
}

/** `fetchImpl(url)` that rejects with a RemoteTimeoutError (and aborts the request) after `ms`. */
async function fetchWithin(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  ms: number,
): Promise<Response> {
  const controller = new AbortController();
  const outer = init.signal;
  if (outer) {
    if (outer.aborted) controller.abort(outer.reason);
    else outer.addEventListener('abort', () => controller.abort(outer.reason), { once: true });
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new RemoteTimeoutError(`${url} did not answer within ${ms} ms`);
      controller.abort(err);
      reject(err);
    }, ms);
  });
  try {
    return await Promise.race([fetchImpl(url, { ...init, signal: controller.signal }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const timedOut = (err: unknown) =>
  err instanceof RemoteTimeoutError || (err instanceof Error && /timed out/i.test(err.message));

export function createRetryPlugin(options: RetryOptions = {}): ModuleFederationRuntimePlugin {
  const retries = options.retries ?? 2;
  const baseDelayMs = options.baseDelayMs ?? 400;
  const sleep = options.sleep ?? defaultSleep;
  const limit = () => options.timeoutMs ?? remoteTimeoutMs();
  const doFetch = (url: string, init: RequestInit) =>
    fetchWithin(options.fetchImpl ?? fetch, url, init, limit());
  const now = () => Date.now();
  /** When each entry <script> was created: the runtime does not tell loadEntryError that one timed out. */
  const scriptStarted = new Map<string, number>();
  const entryTimedOut = (url: string) => {
    const started = scriptStarted.get(url);
    return started !== undefined && now() - started >= limit() - 50;
  };

  return {
    name: 'referio-retry-plugin',

    async fetch(url: string, init: RequestInit) {
      let lastError: unknown;
      for (let attempt = 0; attempt <= retries; attempt++) {
        if (attempt > 0) await sleep(backoff(attempt, baseDelayMs));
        try {
          const res = await doFetch(url, init ?? {});
          if (res.ok) return res;
          lastError = new Error(`${url} answered ${res.status}`);
          if (!RETRYABLE_STATUS.has(res.status)) break;
        } catch (err) {
          lastError = err;
          if (timedOut(err)) break;
        }
      }
      throw lastError instanceof Error ? lastError : new Error(`Could not fetch ${url}`);
    },

    createScript({ url }) {
      scriptStarted.set(url, now());
      return { timeout: limit() } as ReturnType<
        NonNullable<ModuleFederationRuntimePlugin['createScript']>
      >;
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
        // An entry that timed out is not asked again: the failure card comes after one time limit, not three.
        const attempts = entryTimedOut(remoteInfo.entry) ? 0 : retries;
        for (let attempt = 1; attempt <= attempts; attempt++) {
          await sleep(backoff(attempt, baseDelayMs));
          delete globalLoading[uniqueKey];
          try {
            const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
            if (exports) return exports;
          } catch (err) {
            if (timedOut(err)) break;
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
