// Reading and checking /remotes.json, the one place that says where each remote lives.
// Format: [{ "name": "mfe_public", "entry": "http://localhost:3001/mf-manifest.json" }, …]

export interface RemoteConfigEntry {
  /** The remote's federation name, e.g. `mfe_public`. */
  name: string;
  /** URL of its mf-manifest.json (or remoteEntry.js), absolute or relative to the shell. */
  entry: string;
}

export const REMOTES_CONFIG_URL = '/remotes.json';
/** The id of the copy of remotes.json the shell's server puts in the page (a JSON data block, not a script). */
export const INLINE_REMOTES_CONFIG_ID = 'referio-remotes';

export class RemotesConfigError extends Error {
  override name = 'RemotesConfigError';
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isUrl(entry: string, base: string): boolean {
  try {
    const url = new URL(entry, base);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Checks the parsed file; throws a RemotesConfigError that names the first problem. */
export function parseRemotesConfig(raw: unknown, base = 'http://localhost/'): RemoteConfigEntry[] {
  if (!Array.isArray(raw))
    throw new RemotesConfigError('remotes.json must be a JSON array of { name, entry }.');
  const seen = new Set<string>();
  return raw.map((item, i) => {
    if (!isRecord(item)) throw new RemotesConfigError(`remotes.json item ${i} must be an object.`);
    const { name, entry } = item;
    if (typeof name !== 'string' || !NAME.test(name)) {
      throw new RemotesConfigError(
        `remotes.json item ${i}: "name" must be a federation name such as mfe_public.`,
      );
    }
    if (seen.has(name)) throw new RemotesConfigError(`remotes.json lists "${name}" twice.`);
    seen.add(name);
    if (typeof entry !== 'string' || !isUrl(entry, base)) {
      throw new RemotesConfigError(
        `remotes.json item ${i} ("${name}"): "entry" must be an http(s) URL.`,
      );
    }
    return { name, entry };
  });
}

/** The header of the shell's server naming the shell release that answered (server/src/server.ts). */
export const SHELL_RELEASE_HEADER = 'Referio-Shell-Release';

/** /remotes.json, and the shell release whose server answered it (null when it does not say). */
export interface RemotesAnswer {
  remotes: RemoteConfigEntry[];
  shellRelease: string | null;
}

/** Fetches /remotes.json past every cache (it is the switch for moving a remote) and checks it. */
export async function fetchRemotesConfig(
  url = REMOTES_CONFIG_URL,
  fetchImpl: typeof fetch = fetch,
): Promise<RemoteConfigEntry[]> {
  return (await fetchRemotesAnswer(url, fetchImpl)).remotes;
}

/** As fetchRemotesConfig, with the shell release that answered. */
export async function fetchRemotesAnswer(
  url = REMOTES_CONFIG_URL,
  fetchImpl: typeof fetch = fetch,
): Promise<RemotesAnswer> {
  const res = await fetchImpl(url, { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!res.ok) throw new RemotesConfigError(`${url} answered ${res.status}.`);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new RemotesConfigError(`${url} is not valid JSON.`);
  }
  const remotes = parseRemotesConfig(
    body,
    typeof window !== 'undefined' ? window.location.href : undefined,
  );
  // A stand-in without headers (tests) says nothing of the shell.
  return { remotes, shellRelease: res.headers?.get?.(SHELL_RELEASE_HEADER) ?? null };
}

/**
 * The shell release this tab runs, as its page's server said it (`Server-Timing: shell-release;desc="…"`, read from
 * the navigation's timing); null when it did not (a shell served without the release store, or an old browser).
 */
export function tabShellRelease(): string | null {
  if (typeof performance === 'undefined' || !performance.getEntriesByType) return null;
  const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return nav?.serverTiming?.find((e) => e.name === 'shell-release')?.description || null;
}

/**
 * The copy of remotes.json that the page itself carries, checked, or null when there is none or it does not
 * parse (then the file is fetched). The shell's server reads the file for every page it serves, so the copy is
 * as current as a fetch and saves one round trip before the first page's remote can start loading.
 */
export function inlineRemotesConfig(doc: Document = document): RemoteConfigEntry[] | null {
  const text = doc.getElementById(INLINE_REMOTES_CONFIG_ID)?.textContent;
  if (!text) return null;
  try {
    return parseRemotesConfig(JSON.parse(text), doc.location?.href);
  } catch {
    return null;
  }
}
