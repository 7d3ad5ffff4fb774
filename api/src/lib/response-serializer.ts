import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobListAnswer } from '../contract';

/**
 * Answers written by fast-json-stringify from their JSON Schema instead of zod's parse-then-stringify: the
 * job search's page (docs/search.md, "The tail"), where zod's copy of every row cost three times the CPU and
 * the garbage. Its rows come typed from the repository; the test suite still checks each answer with zod.
 */
const FAST_SCHEMAS: ReadonlySet<unknown> = new Set([jobListAnswer]);

type Serialize = (data: unknown) => string;

/** A fast-json-stringify serializer of a zod schema's output. */
function fastSerializer(schema: z.ZodType): Serialize {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
  return fastJson(json as Parameters<typeof fastJson>[0]) as Serialize;
}

/**
 * Paths of fields `sent` has and `written` lacks: what a response schema dropped (an object schema
 * strips the keys it does not list). Both are JSON values (`sent` as JSON.stringify would write it).
 */
export function droppedFields(sent: unknown, written: unknown, path = ''): string[] {
  if (Array.isArray(sent)) {
    if (!Array.isArray(written)) return [];
    return sent.flatMap((item, i) => droppedFields(item, written[i], `${path}[${i}]`));
  }
  if (sent === null || typeof sent !== 'object') return [];
  if (written === null || typeof written !== 'object') return [];
  const out = written as Record<string, unknown>;
  return Object.entries(sent as Record<string, unknown>).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    return key in out ? droppedFields(value, out[key], at) : [at];
  });
}

/**
 * The zod type provider's serializer (a response that does not match its schema is a 500, logged). With
 * `strict` (the test suite), a handler's field the schema does not list is an error too instead of being
 * dropped silently: every field the API sends is in its documented schema.
 */
export function responseSerializerCompiler(strict: boolean): FastifySerializerCompiler<unknown> {
  const compile = serializerCompiler as FastifySerializerCompiler<unknown>;
  if (!strict) {
    return (route) =>
      FAST_SCHEMAS.has(route.schema) ? fastSerializer(route.schema as z.ZodType) : compile(route);
  }
  return (route) => {
    const serialize = compile(route);
    const fast = FAST_SCHEMAS.has(route.schema) ? fastSerializer(route.schema as z.ZodType) : null;
    return (data: unknown) => {
      const json = serialize(data);
      const dropped = droppedFields(JSON.parse(JSON.stringify(data)), JSON.parse(json));
      if (dropped.length > 0) {
        throw new Error(
          `${route.method} ${route.url}: the response schema drops ${dropped.slice(0, 5).join(', ')}`,
        );
      }
      if (fast && !isDeepStrictEqual(JSON.parse(fast(data)), JSON.parse(json))) {
        throw new Error(
          `${route.method} ${route.url}: fast-json-stringify and zod write it differently`,
        );
      }
      return fast ? fast(data) : json;
    };
  };
}

/**
 * For the test suite: an answer of a FAST_SCHEMAS route sent as JSON text (the job search's page as the database
 * writes it, routes/job-posts/search.ts) is held to its schema as an object answer is: zod must accept it and
 * write the same JSON from it, dropping nothing. Otherwise the request fails.
 */
export function checkJsonText(app: FastifyInstance): void {
  const compile = serializerCompiler as FastifySerializerCompiler<unknown>;
  app.addHook('onSend', async (request, reply, payload) => {
    const schema = (request.routeOptions.schema?.response as Record<string, unknown> | undefined)?.[
      String(reply.statusCode)
    ];
    if (typeof payload !== 'string' || !FAST_SCHEMAS.has(schema)) return payload;
    const { method, url } = request.routeOptions;
    const sent: unknown = JSON.parse(payload);
    const written: unknown = JSON.parse(
      compile({ schema, method: String(method), url: url ?? '', httpStatus: '200' })(sent),
    );
    const dropped = droppedFields(sent, written);
    if (dropped.length > 0 || !isDeepStrictEqual(sent, written)) {
      throw new Error(`${method} ${url}: the JSON text sent is not what its schema writes`);
    }
    return payload;
  });
}
