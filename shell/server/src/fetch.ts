// Fetching from the remotes and the API, with deadlines.

/** `promise`, or an error once `ms` have passed. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** A URL's body (JSON or text); an answer other than 2xx is an error (`<url> answered <status>`). */
export async function fetchOk(url: string | URL, as: 'json', timeoutMs: number): Promise<unknown>;
export async function fetchOk(url: string | URL, as: 'text', timeoutMs: number): Promise<string>;
export async function fetchOk(
  url: string | URL,
  as: 'json' | 'text',
  timeoutMs: number,
): Promise<unknown> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new Error(`${String(url)} answered ${res.status}`);
  return as === 'json' ? res.json() : res.text();
}
