// Canary buckets: every visitor gets a random bucket 0-99 in the `referio_bucket` cookie (set by the shell's
// server on their first page or /remotes.json, kept a year); a bucket below a canary's percent gets the canary.
import { randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { cookiesOf, setCookie } from '../cookies';

export const BUCKET_COOKIE = 'referio_bucket';

/** What a request needs to have for its bucket to be read and given. */
export interface VisitorRequest {
  headers: { cookie?: string };
  raw: IncomingMessage | object;
}

/** Pages and /remotes.json get a bucket; static files stay cookie-free (cacheable by any CDN), the API is not ours. */
export function wantsBucket(req: {
  method?: string;
  url?: string;
  headers: { accept?: string | string[] };
}): boolean {
  const page =
    req.url === '/remotes.json' || String(req.headers.accept ?? '').includes('text/html');
  return req.method === 'GET' && page && !req.url?.startsWith('/api/');
}

/** The bucket given to a request by `assignBucket` (its cookie arrives with the next request only). */
const given = new WeakMap<object, number>();

/** The bucket in the visitor's cookie, or null. */
function cookieBucket(req: VisitorRequest): number | null {
  const raw = cookiesOf(req.headers.cookie).get(BUCKET_COOKIE);
  return raw !== undefined && /^\d{1,2}$/.test(raw) ? Number(raw) : null;
}

/** The visitor's bucket (0-99): the cookie, or the one given to this request; null when it has none. */
export function bucketOf(req: VisitorRequest): number | null {
  return given.get(req.raw) ?? cookieBucket(req);
}

/**
 * The visitor's bucket, given now (random) when they have none: the shell's site picks a release by it before the
 * page is answered (rollover/site.ts); `assignBucket` then sets the same one in the cookie.
 */
export function ensureBucket(req: VisitorRequest): number {
  const known = bucketOf(req);
  if (known !== null) return known;
  const bucket = randomInt(100);
  given.set(req.raw, bucket);
  return bucket;
}

/** Gives a visitor without a bucket cookie one (random, or the one given to this request), in a cookie. */
export function assignBucket(
  req: VisitorRequest,
  reply: { header(name: string, value: string): unknown },
  { secure = false }: { secure?: boolean } = {},
): void {
  if (cookieBucket(req) !== null) return;
  const bucket = ensureBucket(req);
  reply.header(
    'Set-Cookie',
    setCookie(BUCKET_COOKIE, String(bucket), { maxAge: 31536000, sameSite: 'Lax', secure }),
  );
}
