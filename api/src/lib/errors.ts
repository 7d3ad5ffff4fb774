/** An error whose message is meant for the user: the error handler answers `{ success:false, message }` with its status. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    /** Extra headers for the answer, e.g. Retry-After on a 429. */
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const isHttpError = (e: unknown): e is HttpError => e instanceof HttpError;

export const SERVER_ERROR_MESSAGE = 'Something went wrong. Please try again.';
export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to continue.';
