// @fastify/rate-limit's counters in PostgreSQL (table `rate_limits`), so every API instance on the
// database counts against the same limit: N instances allow each limit once, not N times.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyReply } from 'fastify';
import { lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { rateLimits } from '../db/schema';
import { HttpError } from './errors';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/** Thrown when a limiter is made without `groupId`: its keys would mix with another limiter's. */
export class UnnamedRateLimitError extends Error {
  constructor() {
    super('Every rate limit needs a groupId (its name in the shared rate_limits table).');
    this.name = 'UnnamedRateLimitError';
  }
}

/**
 * One atomic statement per request: the (limit, key) counter is created at 1 with its window, or,
 * while the window lasts, incremented; once the window has passed it starts again at 1. The window
 * begins at the key's first request (as @fastify/rate-limit's own memory store), and the answer
 * carries the count and the time left. Every limiter is named by its `groupId` (`app.rateLimit({
 * groupId: 'contact', … })`), which prefixes its keys.
 */
export function databaseRateLimitStore(db: Db, now: () => Date): FastifyRateLimitStoreCtor {
  // Prepared once: building this statement for every request cost more CPU than running it (the chat
  // bench's profile). `now` and `resetAt` are ISO timestamps.
  const startsNew = sql`${rateLimits.resetAt} <= ${sql.placeholder('now')}::timestamptz`;
  const resetAtParam = sql`${sql.placeholder('resetAt')}::timestamptz`;
  const upsert = db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), count: 1, resetAt: resetAtParam })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${startsNew} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${startsNew} then ${resetAtParam} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .prepare('referio_rate_limit_incr');

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(private readonly name: string | null = null) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      if (!this.name) {
        callback(new UnnamedRateLimitError());
        return;
      }
      const at = now();
      upsert
        .execute({
          key: `${this.name}:${key}`,
          now: at.toISOString(),
          resetAt: new Date(at.getTime() + timeWindow).toISOString(),
        })
        .then(([row]) => {
          if (!row) throw new Error('rate limit counter not returned');
          callback(null, {
            current: row.count,
            ttl: Math.max(0, row.resetAt.getTime() - at.getTime()),
          });
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { groupId } = routeOptions as { groupId?: unknown };
      if (typeof groupId !== 'string' || groupId === '') throw new UnnamedRateLimitError();
      return new DatabaseRateLimitStore(groupId);
    }
  }
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/** Removes counters whose window has passed (they would start again at 1 anyway). */
export async function sweepRateLimits(db: Db, at: Date): Promise<number> {
  const gone = await db
    .delete(rateLimits)
    .where(lt(rateLimits.resetAt, at))
    .returning({ key: rateLimits.key });
  return gone.length;
}

/** The answer over a limit, as every limiter gives it (`errorResponseBuilder` in src/app.ts). */
export const tooManyRequests = (after: string, statusCode = 429) =>
  new HttpError(statusCode, `Too many requests. Please try again in ${after}.`);

/** A wait in words, as @fastify/rate-limit words it (its `format(ms, true)`): "1 minute", "45 seconds". */
export function waitInWords(ms: number): string {
  const units: [number, string][] = [
    [365.25 * 86_400_000, 'year'],
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ];
  const abs = Math.abs(ms);
  if (abs < 1000) return `${ms} ms`;
  const [size, unit] = units.find(([size]) => abs >= size) ?? [1000, 'second'];
  const n = Math.round(abs / size);
  return `${ms < 0 ? '-' : ''}${n} ${unit}${n !== 1 ? 's' : ''}`;
}

/** A counter as the store keeps it: bumped by `rateLimitCounter`, read back from its jsonb. */
export interface CounterState {
  count: number;
  resetAt: string;
}

/**
 * SQL that bumps the (`group`, key) counter exactly as the store does (the `referio_rate_limit_incr`
 * function, drizzle/0023) and yields its state as jsonb: for a query that finds the key itself (the
 * signed-in user of a session lookup) and so counts in the same round trip. `now` and `resetAt` are SQL
 * for ISO timestamps (placeholders in a prepared query).
 */
export const rateLimitCounter = (group: string, key: SQL, now: SQL, resetAt: SQL) =>
  sql<CounterState>`referio_rate_limit_incr(${`${group}:`} || ${key}, ${now}::timestamptz, ${resetAt}::timestamptz)`;

/**
 * What the rate-limit hook does with a counter's state: the X-RateLimit headers, and over `max` the
 * Retry-After header and the 429 (thrown).
 */
export function applyCounter(
  reply: FastifyReply,
  max: number,
  state: CounterState,
  at: Date,
): void {
  const ttlSeconds = Math.ceil(
    Math.max(0, new Date(state.resetAt).getTime() - at.getTime()) / 1000,
  );
  const exceeded = state.count > max;
  reply.header('x-ratelimit-limit', max);
  reply.header('x-ratelimit-remaining', exceeded ? 0 : Math.max(0, max - state.count));
  reply.header('x-ratelimit-reset', ttlSeconds);
  if (!exceeded) return;
  reply.header('retry-after', ttlSeconds);
  throw tooManyRequests(waitInWords(ttlSeconds * 1000));
}
