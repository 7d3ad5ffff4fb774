// The counters of `rate_limits` for limits that code applies itself (the sign-in code routes' browser
// and IP budgets, the mail budgets): the same counters, and the same atomic bump, as the
// @fastify/rate-limit store (lib/rate-limit-store.ts), so every API instance counts against one limit.
import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rateLimitCounter, type CounterState } from '../lib/rate-limit-store';

export class RateLimitCounters {
  constructor(private readonly db: Db) {}

  /**
   * Counts one request of `key` in `group` at `at` and answers the counter: its window of `windowMs`
   * begins at the key's first request and starts again at 1 once it has passed.
   */
  async bump(group: string, key: string, at: Date, windowMs: number): Promise<CounterState> {
    const resetAt = new Date(at.getTime() + windowMs).toISOString();
    const counter = rateLimitCounter(group, sql`${key}`, sql`${at.toISOString()}`, sql`${resetAt}`);
    const result = (await this.db.execute(sql`select ${counter} as state`)) as unknown as {
      rows: { state: CounterState }[];
    };
    const state = result.rows[0]?.state;
    if (!state) throw new Error('rate limit counter not returned');
    return state;
  }
}
