import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';

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
  if (!strict) return compile;
  return (route) => {
    const serialize = compile(route);
    return (data: unknown) => {
      const json = serialize(data);
      const dropped = droppedFields(JSON.parse(JSON.stringify(data)), JSON.parse(json));
      if (dropped.length > 0) {
        throw new Error(
          `${route.method} ${route.url}: the response schema drops ${dropped.slice(0, 5).join(', ')}`,
        );
      }
      return json;
    };
  };
}
