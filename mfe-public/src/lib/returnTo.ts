// Where sign-in sends the user back to: a page of this site only. The address that asked for sign-in goes
// in `?next=`; anything that is not a plain internal path ('//evil.example', 'https://…', '/\evil',
// 'javascript:…') is ignored and sign-in ends on '/', as the spec says for a plain sign-in.

import { paths } from '@referio/shared';

/** The query parameter sign-in reads (paths.signIn(next) builds it). */
export const RETURN_PARAM = 'next';

/** `raw` when it is a path of this site ('/job-details/1?x=2#y'), otherwise null. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  // eslint-disable-next-line no-restricted-syntax -- checks that a path is internal; not a link
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Control characters and backslashes let some browsers read a path as another host.
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === '\\')) {
    return null;
  }
  // Sending the user back to a sign-in page would loop.
  if (/^\/sign-(in|up)(?:[/?#]|$)/.test(raw)) return null;
  return raw;
}

/** '/sign-in?next=<the current page>' (just '/sign-in' when the page is not one to return to). */
export function signInPathFor(current: string): string {
  const next = safeReturnPath(current);
  return next && next !== paths.home() ? paths.signIn(next) : paths.signIn();
}
