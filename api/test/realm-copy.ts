// A value passed between realms, copied into the realm this module was loaded in. The worker's PGlite engine
// (test/pglite-engine.ts) lives in the Jest environment's realm, the test files in realms of their own: a
// Date or Uint8Array from one fails the other's `instanceof` checks (PGlite's serializers, zod's z.date(),
// the app's own), so the values crossing the bridge are made again on the receiving side. This module is
// loaded once on each side (by Node for the environment, by Jest for a test file), so `copyIntoRealm` makes
// objects of the realm that loaded it.

/** `value` with its arrays, plain objects, Dates and byte arrays made again in this realm. */
export function copyIntoRealm<T>(value: T): T {
  return copy(value) as T;
}

function copy(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copy);
  if (ArrayBuffer.isView(value)) {
    const bytes = value as unknown as Uint8Array;
    return new Uint8Array(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    );
  }
  const tag = Object.prototype.toString.call(value);
  if (tag === '[object Date]') return new Date((value as Date).getTime());
  if (tag === '[object Error]') return copyError(value as Error);
  if (tag !== '[object Object]') return value; // Blobs and the like: no realm checks on them here
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = copy(v);
  return out;
}

/** An Error of this realm with the message, name, stack and fields (code, detail…) of `e`. */
export function copyError(e: Error): Error {
  const out = new Error(e.message);
  for (const [key, v] of Object.entries(e))
    (out as unknown as Record<string, unknown>)[key] = copy(v);
  Object.defineProperty(out, 'name', { value: e.name, writable: true, configurable: true });
  if (e.stack) out.stack = e.stack;
  if (e.cause !== undefined) out.cause = copy(e.cause);
  return out;
}
