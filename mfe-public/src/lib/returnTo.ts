// Where sign-in sends the user back to: a page of this site only. The address that asked for sign-in goes
// in `?next=`; anything that is not a plain internal path ('//evil.example', 'https://…', '/\evil',
// 'javascript:…') is ignored and sign-in ends on '/', as the spec says for a plain sign-in.
import { paths, safeReturnPath } from '@referio/shared';

/** The query parameter sign-in reads (paths.signIn(next) builds it). */
export const RETURN_PARAM = 'next';

/** `raw` when it is a path of this site ('/job-details/1?x=2#y'), otherwise null (the API checks the same). */
export { safeReturnPath };

/** '/sign-in?next=<the current page>' (just '/sign-in' when the page is not one to return to). */
export function signInPathFor(current: string): string {
  const next = safeReturnPath(current);
  return next && next !== paths.home() ? paths.signIn(next) : paths.signIn();
}
