import type { ApiErrorBody } from '../contract';

/** What an error answer may carry beside its message (the contract's `errorResponse`). */
export type HttpErrorDetails = Pick<ApiErrorBody, 'suspension'>;

/** An error whose message is meant for the user: the error handler answers `{ success:false, message }` with its status. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    /** Extra headers for the answer, e.g. Retry-After on a 429. */
    public readonly headers: Record<string, string> = {},
    /** Extra fields of the answer, e.g. the suspension a refused sign-in is about. */
    public readonly details: HttpErrorDetails = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const isHttpError = (e: unknown): e is HttpError => e instanceof HttpError;

export const SERVER_ERROR_MESSAGE = 'Something went wrong. Please try again.';
export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to continue.';

export const SERVICE_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable. Please try again.';

/** Connection-level failures of PostgreSQL (node-postgres) and PGlite: the database did not answer. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '57014', // query_canceled (statement_timeout)
]);
const UNAVAILABLE_MESSAGES =
  /PGlite is closed|Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect|Cannot use a pool after calling end|Query read timeout/i;

/**
 * True when `err` (or an error it wraps, e.g. Drizzle's "Failed query" around the driver's error) says
 * the database could not be reached, rather than that a query was wrong.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  // Duck-typed, not `instanceof Error`: driver errors may come from another realm (vm, workers).
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) {
      return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    e = cause;
  }
  return false;
}
