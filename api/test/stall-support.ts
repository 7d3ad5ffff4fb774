// A database that stalls on demand: the connection stays open but nothing comes back.
// PostgreSQL: the API talks to the server through a TCP relay that pauses (bytes held, sockets open) and
// resumes. PGlite runs one query at a time, so its stall is a transaction that holds the queue.
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { createClock, createEmptyPgDatabase, createTestDatabase, testConfig } from './helper';

export const QUERY_TIMEOUT_MS = 1500;

export interface Stallable {
  database: Database;
  stall(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

/** A relay that can hold every byte in both directions without closing anything. */
function pausableRelay(target: URL) {
  const pairs = new Set<[net.Socket, net.Socket]>();
  let paused = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    for (const s of pair) s.on('error', () => s.destroy());
    client.pipe(upstream).pipe(client);
    if (paused) for (const s of pair) s.pause();
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
      ),
    pause() {
      paused = true;
      for (const pair of pairs) for (const s of pair) s.pause();
    },
    resume() {
      paused = false;
      for (const pair of pairs) for (const s of pair) s.resume();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const [a, b] of pairs) {
          a.destroy();
          b.destroy();
        }
        server.close(() => resolve());
      }),
  };
}

/**
 * A new connection gives up after this long. Not shorter: CI runs the suite at nice 10 beside the browser
 * journeys, and a connection to a database just created once took over a second there (the migration's, so the
 * file failed before its test). While stalled, what answers first is the API's own timers either way.
 */
const CONNECT_TIMEOUT_MS = 5000;

export async function stallablePostgres(adminUrl: string): Promise<Stallable> {
  const empty = await createEmptyPgDatabase(adminUrl);
  const relay = pausableRelay(new URL(adminUrl));
  let database: Database | undefined;
  const close = async () => {
    await database?.close();
    await relay.close();
    await empty.drop();
  };
  try {
    const url = new URL(empty.url);
    url.hostname = '127.0.0.1';
    url.port = String(await relay.listen());
    database = await openDatabase({
      url: url.toString(),
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      queryTimeoutMs: QUERY_TIMEOUT_MS,
    });
    await database.migrate();
  } catch (err) {
    // Nothing left open: a relay still listening or a pool still connected keeps jest from exiting.
    await close().catch(() => undefined);
    throw err;
  }
  return {
    database,
    stall: async () => relay.pause(),
    resume: async () => relay.resume(),
    close,
  };
}

export async function stallablePglite(): Promise<Stallable> {
  const database = await createTestDatabase();
  let release: (() => void) | null = null;
  let holding: Promise<unknown> | null = null;
  return {
    database,
    async stall() {
      let entered!: () => void;
      const inside = new Promise<void>((r) => (entered = r));
      holding = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        entered();
        await new Promise<void>((r) => (release = r));
      });
      await inside;
    },
    async resume() {
      release?.();
      await holding;
      release = null;
    },
    close: () => database.close(),
  };
}

/** The stallable database for this run: PostgreSQL when DATABASE_URL is set, else PGlite. */
export const openStallable = () =>
  process.env.DATABASE_URL ? stallablePostgres(process.env.DATABASE_URL) : stallablePglite();

/**
 * The app on a stallable database (queries give up after QUERY_TIMEOUT_MS), built before the file's
 * tests and closed after them (the database resumed first).
 */
export function setupStallableApp() {
  const ctx = {} as { stallable: Stallable; app: FastifyInstance };
  beforeAll(async () => {
    ctx.stallable = await openStallable();
    ctx.app = await buildApp(testConfig({ DB_QUERY_TIMEOUT_MS: QUERY_TIMEOUT_MS }), {
      database: ctx.stallable.database,
      now: createClock(new Date()).now,
      logger: false,
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.stallable?.resume().catch(() => undefined);
    await ctx.app?.close();
    await ctx.stallable?.close();
  });
  return ctx;
}
