// Two API instances on one PostgreSQL: a message posted to one reaches a stream held by the other
// (LISTEN/NOTIFY), and so does presence. Runs only in `npm run test:pg` (jest.config.js leaves *.pg.test.ts
// out when DATABASE_URL is not set), so on PGlite it is not silently passed but not run at all.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { buildApp } from '../src/app';
import { approvedPair, isMessage, openStream, send } from './chat-support';
import { setupTestContext, testConfig } from './helper';

const ctx = setupTestContext();
const extra: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(extra.splice(0).map((a) => a.close()));
});

const baseUrl = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
};

/** A second, independent instance: its own pool and its own LISTEN connection on the same database. */
async function secondInstance(): Promise<FastifyInstance> {
  const pool = (ctx.database.db as unknown as { $client: Pool }).$client;
  const url = (pool as unknown as { options: { connectionString: string } }).options
    .connectionString;
  const app = await buildApp(testConfig({ DATABASE_URL: url }), {
    now: ctx.clock.now,
    logger: false,
  });
  extra.push(app);
  await app.ready();
  return app;
}

describe('chat fan-out between API instances (PostgreSQL)', () => {
  it('runs on PostgreSQL', () => {
    expect(ctx.database.kind).toBe('pg');
  });

  it('delivers a message posted to one instance to a stream on the other, both ways', async () => {
    const a = await ctx.build();
    const b = await secondInstance();
    const [urlA, urlB] = [await baseUrl(a), await baseUrl(b)];
    const { candidate, referrer, chatId } = await approvedPair(a);

    const onB = openStream(urlB, referrer.cookie);
    const onA = openStream(urlA, candidate.cookie);
    try {
      await onB.next((e) => e.event === 'hello');
      await onA.next((e) => e.event === 'hello');

      // Only the fan-out carries it to B (its speed: tools/bench/chat.mjs).
      expect((await send(a, candidate, chatId, 'posted to A')).statusCode).toBe(200);
      const got = await onB.next(isMessage('posted to A'));
      expect(got.data).toMatchObject({ chatId, senderId: candidate.user._id });

      expect((await send(b, referrer, chatId, 'posted to B')).statusCode).toBe(200);
      await onA.next(isMessage('posted to B'));
    } finally {
      onA.close();
      onB.close();
    }
  });

  it('ends a stream held by one instance when its session is logged out on the other', async () => {
    const a = await ctx.build();
    const b = await secondInstance();
    const urlB = await baseUrl(b);
    const { referrer } = await approvedPair(a);
    const onB = openStream(urlB, referrer.cookie);
    try {
      await onB.next((e) => e.event === 'hello');
      await a.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: referrer.cookie },
      });
      expect((await onB.next((e) => e.event === 'ended')).data).toEqual({ why: 'signed_out' });
      await onB.closed;
    } finally {
      onB.close();
    }
  });

  it('shows presence held on one instance to a member connected to the other', async () => {
    const a = await ctx.build();
    const b = await secondInstance();
    const [urlA, urlB] = [await baseUrl(a), await baseUrl(b)];
    const { candidate, referrer, chatId } = await approvedPair(a);
    const referrerOnB = openStream(urlB, referrer.cookie, `?open=${chatId}`);
    try {
      await referrerOnB.next((e) => e.event === 'hello');
      const candidateOnA = openStream(urlA, candidate.cookie, `?open=${chatId}`);
      await referrerOnB.next(
        (e) =>
          e.event === 'presence' &&
          (e.data as { userId: string; active: boolean }).userId === candidate.user._id &&
          (e.data as { active: boolean }).active,
      );
      candidateOnA.close();
      await referrerOnB.next(
        (e) => e.event === 'presence' && !(e.data as { active: boolean }).active,
      );
    } finally {
      referrerOnB.close();
    }
  });

  it('sees a chat opened on the other instance as watched, and as left when that instance shuts down', async () => {
    const a = await ctx.build();
    const b = await secondInstance();
    const [urlA, urlB] = [await baseUrl(a), await baseUrl(b)];
    const { candidate, referrer, chatId } = await approvedPair(a);
    const referrerOnA = openStream(urlA, referrer.cookie, `?open=${chatId}`);
    const candidateOnB = openStream(urlB, candidate.cookie, `?open=${chatId}`);
    try {
      // The candidate's presence reaches A before or after the referrer's stream is registered there:
      // in the stream's `hello`, or as a presence event after it.
      await referrerOnA.next(
        (e) =>
          (e.event === 'presence' && (e.data as { active: boolean }).active) ||
          (e.event === 'hello' &&
            (e.data as { presence: { active: boolean } | null }).presence?.active === true),
      );
      expect(a.chatEvents.watchedByOther(chatId, referrer.user._id)).toBe(true);
      // B's goodbyes (one statement for all its open chats) reach A before B's streams end.
      await b.close();
      await referrerOnA.next(
        (e) => e.event === 'presence' && !(e.data as { active: boolean }).active,
      );
      expect(a.chatEvents.watchedByOther(chatId, referrer.user._id)).toBe(false);
      expect(a.chatEvents.watchedByOther(chatId, candidate.user._id)).toBe(true);
    } finally {
      candidateOnB.close();
      referrerOnA.close();
    }
  });

  it('reconnects a lost LISTEN connection by itself and tells its streams to fetch again', async () => {
    const a = await ctx.build();
    const urlA = await baseUrl(a);
    const { candidate, referrer, chatId } = await approvedPair(a);
    const onA = openStream(urlA, referrer.cookie);
    try {
      await onA.next((e) => e.event === 'hello');
      const killed = await a.db.execute(
        sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
            where datname = current_database() and query = 'LISTEN referio_chat'`,
      );
      expect((killed as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
      await onA.next((e) => e.event === 'resync');
      await send(a, candidate, chatId, 'after the reconnect');
      await onA.next(isMessage('after the reconnect'));
    } finally {
      onA.close();
    }
  });
});
