import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  isDatabaseUnavailable,
  isHttpError,
  SERVER_ERROR_MESSAGE,
  SERVICE_UNAVAILABLE_MESSAGE,
} from '../lib/errors';

/** Messages for the client errors Fastify itself raises before a handler runs. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length does not match its Content-Length.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
};

/**
 * The one error handler: validation → 400 with the first issue's message; HttpError → its status and
 * message; other client errors → their status with a readable message; the database unreachable →
 * 503 'Service temporarily unavailable. Please try again.'; anything else → 500, logged,
 * with a generic message that never leaks internals. Unknown routes → 404 JSON.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(err)) {
        const issues = err.validation.map((v) => ({
          path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
          message: v.message ?? 'Invalid value',
        }));
        const first = issues[0];
        const message =
          first && first.path === '' && err.validation[0]?.keyword === 'invalid_type'
            ? 'The request body must be a JSON object.'
            : (first?.message ?? 'Invalid request');
        return reply.code(400).send({ success: false, message, issues });
      }
      if (isHttpError(err)) {
        if (err.statusCode >= 500) request.log.error({ err }, err.message);
        return reply
          .code(err.statusCode)
          .headers(err.headers)
          .send({ success: false, message: err.message, ...err.details });
      }
      const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
      if (status >= 400 && status < 500) {
        const message =
          FASTIFY_CLIENT_ERRORS[err.code] ??
          (err instanceof SyntaxError
            ? FASTIFY_CLIENT_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY
            : undefined) ??
          (err.validation
            ? (err.validation[0]?.message ?? 'Invalid request')
            : 'The request could not be processed.');
        return reply.code(status).send({ success: false, message });
      }
      if (isDatabaseUnavailable(err)) {
        // The database did not answer: a temporary condition, not a bug. The client may retry.
        request.log.warn({ err }, 'database unavailable');
        return reply
          .code(503)
          .header('Retry-After', '5')
          .send({ success: false, message: SERVICE_UNAVAILABLE_MESSAGE });
      }
      request.log.error({ err }, 'request failed');
      return reply.code(500).send({ success: false, message: SERVER_ERROR_MESSAGE });
    });

    app.setNotFoundHandler((request, reply) => {
      reply.code(404).send({
        success: false,
        message: `Not found: ${request.method} ${request.url.split('?')[0]}`,
      });
    });
  },
  { name: 'error-handler' },
);
