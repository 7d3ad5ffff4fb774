// Request ids and the request log. Every request gets an id (the client's X-Request-Id when it is a sane one, else
// a new UUID), echoed in the answer, passed on to the API with /api calls (whose logs then carry the same id), and
// logged here: one JSON line per request on stdout (LOG_REQUESTS=false turns that off).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** As the API's (api/src/plugins/request-id.ts): 1-128 letters, digits and `. _ : -`. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** The request's id: the client's when sane, else a new UUID (Fastify's genReqId). */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && REQUEST_ID_PATTERN.test(sent) ? sent : randomUUID();
}

export function registerRequestIds(
  server: FastifyInstance,
  { app, log }: { app: string; log: ((line: string) => void) | null },
): void {
  server.addHook('onRequest', (req, reply, done) => {
    reply.header('X-Request-Id', req.id);
    done();
  });
  if (!log) return;
  server.addHook('onResponse', (req, reply, done) => {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const line = {
      time: new Date().toISOString(),
      app,
      reqId: req.id,
      method: req.method,
      url: req.url,
    };
    log(`${JSON.stringify({ ...line, status: reply.statusCode, ms })}\n`);
    done();
  });
}
