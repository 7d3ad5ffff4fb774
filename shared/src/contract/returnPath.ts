// Where sign-in and sign-up send the user back to: a page of this site only (no open redirect). The
// address that asked for sign-in travels as `?next=` on /sign-in and /sign-up, in the sign-in request (so
// the mailed sign-in link carries it too) and through Google sign-in. Anything that is not a plain internal
// path ('//evil.example', 'https://…', '/\evil', 'javascript:…', control characters) is refused.
import './zodConfig';
import { z } from 'zod';

export { RETURN_PATH_MAX, safeReturnPath } from './safeReturnPath';
import { safeReturnPath } from './safeReturnPath';

/** A request's `next`: optional; when given it must be a path of this site. */
export const returnPathSchema = z
  .string()
  .refine((v) => safeReturnPath(v) !== null, 'Please give a page of this site to return to')
  .optional();
