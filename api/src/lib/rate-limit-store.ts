// @fastify/rate-limit's counters in PostgreSQL (table `rate_limits`), so every API instance on the
// database counts against the same limit: N instances allow each limit once, not N times.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rateLimits } from '../db/schema';

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
