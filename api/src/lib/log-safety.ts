// What the logs may keep of a failed request: no user data. Database errors carry the query's
// parameters (Drizzle's "Failed query: … params: …") and PostgreSQL quotes the offending value in its
// message and detail ('value "…" is out of range', 'Key (email)=(…) already exists'); request URLs
// carry query strings. The serializers below keep the error's kind, codes and the schema names involved,
// and blank out every quoted or parameter value.

/** Removes parameter lists and quoted values from a message. */
export function scrubMessage(message: string): string {
  return message
    .replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]')
    .replace(/"[^"\n]*"/g, '"…"')
    .replace(/'[^'\n]*'/g, "'…'")
    .replace(/\(([^()\n]*)\)=\(([^()\n]*)\)/g, '($1)=(…)')
    .slice(0, 2000);
}

const SAFE_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'routine',
  'table',
  'column',
  'constraint',
] as const;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  cause?: unknown;
  [key: string]: unknown;
}

/** An error as the log keeps it: kind, codes, scrubbed message and stack frames, scrubbed cause. */
export interface SafeError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function safeError(err: unknown, depth = 0): SafeError {
  if (typeof err !== 'object' || err === null) {
    return { type: typeof err, message: '[non-error value]', stack: '' };
  }
  const e = err as ErrorLike;
  const out: SafeError = {
    type: typeof e.name === 'string' ? e.name : 'Error',
    message: '',
    stack: '',
  };
  for (const key of SAFE_FIELDS) {
    const v = e[key];
    if (typeof v === 'string' || typeof v === 'number') (out as Record<string, unknown>)[key] = v;
  }
  const message = typeof e.message === 'string' ? scrubMessage(e.message) : '';
  out.message = message;
  if (typeof e.stack === 'string') {
    const frames = e.stack.split('\n').filter((l) => /^\s+at /.test(l));
    out.stack = [`${String(out.type)}: ${message}`, ...frames.slice(0, 15)].join('\n');
  }
  if (e.cause !== undefined && depth < 3) out.cause = safeError(e.cause, depth + 1);
  return out;
}

interface RequestLike {
  method?: string;
  url?: string;
  routeOptions?: { url?: string };
  ip?: string;
  id?: string;
}

/** A request as the log keeps it: method, path without the query string, route, client address. */
export function safeRequest(req: RequestLike): Record<string, unknown> {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? req.url.split('?')[0] : undefined,
    route: req.routeOptions?.url,
    remoteAddress: req.ip,
  };
}

export const safeSerializers = {
  err: (err: unknown) => safeError(err),
  error: (err: unknown) => safeError(err),
  req: safeRequest,
};
