// The shell's /api proxy: the browser sees one origin, the API answers behind it.
// - Who the client is, the proxy says itself: X-Forwarded-For is the address of the socket it accepted
//   (X-Forwarded-Proto and -Host the scheme and host the browser addressed); whatever the client sent in those or
//   similar headers (Forwarded, X-Real-IP, …) is dropped, since the API trusts this proxy's word (TRUST_PROXY).
//   The request's id goes along (the API's log lines then carry it).
// - One deadline per call, retries included (API_TIMEOUT_MS, 30 s): no answer (headers) within it and the
//   browser gets 504. The API answers 503 itself within about a second when its database stalls.
// - Bodies larger than API_BODY_MAX_BYTES (8 MB) are refused here with 413 before any byte goes to the API.
// - A GET or HEAD whose connection failed before any answer is tried once more, at once; nothing else is retried.
// - The API down or restarting: the same JSON error the API gives when its database is away, so the pages show a
//   message and keep the user signed in (only a 401 signs out).
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawServerBase,
  RouteGenericInterface,
} from 'fastify';
import fastifyProxy from '@fastify/http-proxy';
import type { IncomingHttpHeaders } from 'node:http';

export interface ProxyOptions {
  /** The API's origin, e.g. http://127.0.0.1:4000. */
  apiUrl: string;
  deadlineMs: number;
  bodyMaxBytes: number;
}

/** Connection failures before any answer, after which a GET or HEAD may be tried once more. */
const RETRYABLE_ERRORS = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE']);

/** Headers a client could use to pose as someone else; the proxy writes its own. */
const CLIENT_ADDRESS_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
];

export const UNAVAILABLE = {
  success: false,
  message: 'Service temporarily unavailable. Please try again.',
};

/** What the proxy reads of a request it passes on. */
interface ProxiedRequest {
  id: string;
  protocol?: string;
  headers: IncomingHttpHeaders;
  socket?: { remoteAddress?: string };
  raw?: { socket?: { remoteAddress?: string } };
}

/** The request headers sent on to the API: the client's address as this server saw it, nothing forged. */
export function forwardedHeaders(
  req: ProxiedRequest,
  headers: IncomingHttpHeaders,
): IncomingHttpHeaders {
  const out = { ...headers };
  for (const name of CLIENT_ADDRESS_HEADERS) delete out[name];
  out['x-forwarded-for'] = req.socket?.remoteAddress ?? req.raw?.socket?.remoteAddress ?? '';
  out['x-forwarded-proto'] = req.protocol ?? 'http';
  // The origin the browser addressed (the API compares it with a request's Origin: same-origin calls pass).
  if (typeof req.headers?.host === 'string') out['x-forwarded-host'] = req.headers.host;
  // The same id as this server's log line (the client's own when sane, else the one made here).
  out['x-request-id'] = req.id;
  return out;
}

type AnyReply = FastifyReply<RouteGenericInterface, RawServerBase>;

const unavailable = (reply: AnyReply, status = 503) =>
  reply.code(status).header('Retry-After', '5').send(UNAVAILABLE);

/**
 * A body past the limit never reaches the API. It is read and thrown away rather than cut off: a connection closed
 * while the client still sends makes the client see a reset instead of this answer. A body far past the limit
 * (four times) ends the connection.
 */
function refuseBody(req: FastifyRequest, reply: FastifyReply, bodyMaxBytes: number): void {
  let seen = 0;
  req.raw.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > 4 * bodyMaxBytes) req.raw.destroy();
  });
  req.raw.resume();
  void reply.code(413).send({ success: false, message: 'The request body is too large.' });
}

/** 504 when the API has not answered within the deadline. */
function startDeadline(reply: FastifyReply, deadlineMs: number): void {
  const timer = setTimeout(() => {
    if (!reply.sent && !reply.raw.headersSent) void unavailable(reply, 504);
  }, deadlineMs);
  timer.unref();
  reply.raw.once('close', () => clearTimeout(timer));
  reply.raw.once('finish', () => clearTimeout(timer));
}

interface RetryContext {
  err?: Error | null;
  req: { method?: string };
  res?: unknown;
  attempt: number;
}

/** Once more, at once, for a GET or HEAD whose connection failed before any answer; never otherwise. */
export const retryDelay = ({ err, req, res, attempt }: RetryContext): number | null =>
  !res &&
  err &&
  attempt === 0 &&
  (req.method === 'GET' || req.method === 'HEAD') &&
  RETRYABLE_ERRORS.has((err as NodeJS.ErrnoException).code ?? '')
    ? 1
    : null;

export async function registerApiProxy(server: FastifyInstance, o: ProxyOptions): Promise<void> {
  await server.register(async (proxy) => {
    proxy.addHook('onRequest', (req, reply, done) => {
      if (Number(req.headers['content-length'] ?? 0) > o.bodyMaxBytes)
        return refuseBody(req, reply, o.bodyMaxBytes);
      startDeadline(reply, o.deadlineMs);
      done();
    });
    await proxy.register(fastifyProxy, {
      upstream: o.apiUrl,
      prefix: '/api',
      rewritePrefix: '/api',
      http2: false,
      // No timeout on the body: chat streams stay open (the deadline above covers the wait for headers).
      undici: { headersTimeout: o.deadlineMs, bodyTimeout: 0, connect: { timeout: 2000 } },
      replyOptions: {
        rewriteRequestHeaders: (req, headers) => forwardedHeaders(req, headers),
        retryDelay,
        onError: (reply, { error }) => {
          if (reply.sent) return;
          void unavailable(
            reply,
            (error as { statusCode?: number })?.statusCode === 504 ? 504 : 503,
          );
        },
      },
    });
  });
}
