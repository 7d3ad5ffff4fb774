import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';
/** What a caller's X-Request-Id may be: 1-128 letters, digits and `. _ : -` (a UUID, nginx's hex id …). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/**
 * The request's id (Fastify's `genReqId`): the caller's X-Request-Id when it is a sane one (a proxy in
 * front set it, so one user action can be followed across processes), else a random UUID. A forged,
 * overlong or multi-line value is never logged: it is replaced.
 */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && REQUEST_ID_PATTERN.test(sent) ? sent : randomUUID();
}

/** Echoes the request id on every answer (and names the instance when INSTANCE_NAME is set). */
export default fp(
  async (app) => {
    const instance = app.config.INSTANCE_NAME;
    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      if (instance) reply.header('x-served-by', instance);
    });
  },
  { name: 'request-id', dependencies: ['config'] },
);
