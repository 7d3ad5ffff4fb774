// A stalled database answers 503 within about a second, on every route, instead of holding each request
// until its query times out (DB_QUERY_TIMEOUT_MS, 15 s) — and the shell's proxy then has nothing to wait for.
//
// A request still unanswered DB_STALL_CHECK_MS after it arrived starts a probe (`select 1` on a
// connection of its own, at most one probe at a time for the whole instance). A probe without an answer
// within DB_STALL_TIMEOUT_MS marks the database stalled and answers 503 to every request still waiting;
// while it is marked, each new request waits for the next probe instead (at most DB_STALL_TIMEOUT_MS),
// so the first probe that answers lets requests through again. A request that already started
// answering (a chat stream) is left alone. Work already sent to the database may still complete after
// the 503: as with any timeout, the client does not know, and the site's writes are safe to repeat or
// are refused as duplicates.
//
// On by default with PostgreSQL (the probe has its own connection, so busy requests do not look like a
// stall). PGlite runs one query at a time, so a long query would look like one: there it is on only when
// DB_STALL_TIMEOUT_MS is set.
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route checks the database itself (GET /api/health). */
    dbWatch?: boolean;
  }
}

/** The probe timeout in force: 0 (off) for PGlite unless configured. */
export function stallTimeoutMs(configured: number | undefined, kind: 'pg' | 'pglite'): number {
  if (configured !== undefined) return configured;
  return kind === 'pg' ? 700 : 0;
}

export default fp(
  async (app) => {
    const timeoutMs = stallTimeoutMs(app.config.DB_STALL_TIMEOUT_MS, app.database.kind);
    if (timeoutMs === 0) return;
    const checkAfterMs = app.config.DB_STALL_CHECK_MS;
    let stalled = false;
    let inFlight: Promise<boolean> | null = null;

    const probe = (): Promise<boolean> => {
      inFlight ??= app.database
        .probe(timeoutMs)
        .then(
          () => true,
          () => false,
        )
        .then((ok) => {
          if (ok === stalled) app.log.warn(ok ? 'database answers again' : 'database stalled');
          stalled = !ok;
          inFlight = null;
          return ok;
        });
      return inFlight;
    };

    const unavailable = (reply: FastifyReply) => {
      if (reply.sent || reply.raw.headersSent) return;
      void reply
        .code(503)
        .header('Retry-After', '5')
        .send({ success: false, message: SERVICE_UNAVAILABLE_MESSAGE });
    };

    const timers = new WeakMap<object, NodeJS.Timeout>();

    app.addHook('onRequest', async (request, reply) => {
      if (!request.is404 && request.routeOptions.config.dbWatch === false) return;
      if (stalled && !(await probe())) {
        unavailable(reply);
        return reply;
      }
      const timer = setTimeout(() => {
        if (reply.sent) return;
        void probe().then((ok) => {
          if (!ok) {
            request.log.warn('database stalled: answered 503');
            unavailable(reply);
          }
        });
      }, checkAfterMs);
      timer.unref();
      timers.set(request, timer);
      return undefined;
    });
    const clear = async (request: object) => {
      const timer = timers.get(request);
      if (timer) clearTimeout(timer);
    };
    app.addHook('onResponse', clear);
    app.addHook('onRequestAbort', clear);
  },
  { name: 'db-watch', dependencies: ['config', 'db'] },
);
