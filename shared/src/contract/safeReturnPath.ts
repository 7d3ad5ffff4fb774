// Where sign-in and sign-up send the user back to: a page of this site only (no open redirect). The
// address that asked for sign-in travels as `?next=` on /sign-in and /sign-up, in the sign-in request (so
// the mailed sign-in link carries it too) and through Google sign-in. Anything that is not a plain internal
// path ('//evil.example', 'https://…', '/\evil', 'javascript:…', control characters) is refused.
// Plain (no zod): the browser's main bundle has it (contract/browser.ts); the schema is in returnPath.ts.

export const RETURN_PATH_MAX = 2000;

/** `raw` when it is a path of this site ('/job-details/1?x=2#y') that is not a sign-in page, else null. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > RETURN_PATH_MAX) return null;
  if (raw[0] !== '/' || raw[1] === '/' || raw[1] === '\\') return null;
  // Control characters and backslashes let some browsers read a path as another host.
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === '\\')) {
    return null;
  }
  // Sending the user back to a sign-in page would loop.
  if (/^\/sign-(in|up)(?:[/?#]|$)/.test(raw)) return null;
  return raw;
}
