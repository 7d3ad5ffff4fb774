// The API's answers the server's own routes need (the sitemap's jobs, a share image's job).

export type ApiJson = <T>(pathAndQuery: string) => Promise<T | null>;

/** An API reader for `apiUrl`: an answer as JSON; null for a 404 or 400 (an unknown job); else an error. */
export function apiReader(apiUrl: string): ApiJson {
  const api = `${apiUrl.replace(/\/$/, '')}/api`;
  return async <T>(pathAndQuery: string): Promise<T | null> => {
    const res = await fetch(`${api}${pathAndQuery}`, { signal: AbortSignal.timeout(5000) });
    if (res.status === 404 || res.status === 400) return null;
    if (!res.ok) throw new Error(`${pathAndQuery} answered ${res.status}`);
    return (await res.json()) as T;
  };
}
