// Test databases: each test file gets a fresh, migrated, empty one. The run's global setup
// (test/global-setup.ts) migrates one database first; a file's database is a copy of it, so no file pays
// for initdb and the migrations. PostgreSQL: CREATE DATABASE … TEMPLATE. PGlite: one of the Jest worker's
// engines, reset to the dumped image (test/pglite-engine.ts), reached through a small bridge (`bridge`)
// because it lives in the environment's realm; outside that environment, a PGlite of its own loaded from
// the image.
import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { openDatabase, type Database } from '../src/db';
import type { WorkerCache } from './environment';
import type { EngineLease, LeaseTransaction } from './pglite-engine';
import { copyError, copyIntoRealm } from './realm-copy';

/** The dumped PGlite image's file and the PostgreSQL template's name, set by the global setup. */
export const IMAGE_ENV = 'REFERIO_TEST_PGLITE_IMAGE';
export const TEMPLATE_ENV = 'REFERIO_TEST_PG_TEMPLATE';

const workerCache = (globalThis as { __referioWorkerCache?: WorkerCache }).__referioWorkerCache;

/** `call`'s answer, or its error, made again in this realm (test/realm-copy.ts). */
async function fromEngine<T>(call: () => Promise<T>): Promise<T> {
  try {
    return copyIntoRealm(await call());
  } catch (e) {
    throw e instanceof Error ? e : copyError(e as Error);
  }
}

/** The part of PGlite's client the app and Drizzle use, over the engine's lease. */
function bridge(lease: EngineLease) {
  const statements = (on: Pick<EngineLease, 'query' | 'exec'>) => ({
    query: (query: string, params?: unknown[], options?: object) =>
      fromEngine(() => on.query(query, params, options)),
    exec: (query: string, options?: object) => fromEngine(() => on.exec(query, options)),
  });
  const transaction = (tx: LeaseTransaction) => ({
    ...statements(tx),
    rollback: () => fromEngine(() => tx.rollback()),
    get closed() {
      return tx.closed;
    },
  });
  return {
    ...statements(lease),
    waitReady: Promise.resolve(),
    transaction: <T>(callback: (tx: ReturnType<typeof transaction>) => Promise<T>) =>
      fromEngine(() => lease.transaction((tx) => callback(transaction(tx)))),
    async listen(channel: string, callback: (payload: string) => void) {
      const unlisten = await fromEngine(() => lease.listen(channel, callback));
      return () => fromEngine(unlisten);
    },
    get closed() {
      return lease.released;
    },
    close: () => lease.release(),
  };
}

/** A fresh migrated PGlite database: a worker engine's when the environment has them. */
async function createPgliteDatabase(): Promise<Database> {
  const file = process.env[IMAGE_ENV];
  if (file && workerCache) {
    const lease = await workerCache.pglite.acquire(file);
    return openDatabase({ pgliteClient: bridge(lease) as unknown as PGlite });
  }
  const image = file ? new Blob([fs.readFileSync(file)]) : undefined;
  const database = await openDatabase({ pgliteImage: image });
  if (!image) await database.migrate();
  return database;
}

/**
 * A fresh database for one test file: PGlite, or, when DATABASE_URL is set, a new PostgreSQL database
 * created beside it (dropped again by `close`). Migrated, empty.
 */
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return createPgliteDatabase();
  const template = process.env[TEMPLATE_ENV];
  const empty = await createEmptyPgDatabase(adminUrl, { template });
  // A request waits for one of the pool's connections at most this long (the app's default is 3 s). Tests that
  // send many requests at once queue on a few connections; in CI, beside the browser journeys, 40 parallel
  // sign-in guesses waited longer than 3 s. The stall tests set their own bound (test/stall-support.ts).
  const database = await openDatabase({ url: empty.url, connectTimeoutMs: 30_000 });
  if (!template) await database.migrate();
  const close = database.close.bind(database);
  return {
    ...database,
    ping: database.ping.bind(database),
    migrate: database.migrate.bind(database),
    truncateAll: database.truncateAll.bind(database),
    async close() {
      await close();
      await empty.drop();
    },
  };
}

/**
 * A new PostgreSQL database beside `adminUrl`'s (empty and unmigrated, or a copy of `template`): its name,
 * URL, and `drop` to remove it. Named after the run's database, so scripts/test-pg.mjs can drop leftovers of
 * a crashed run.
 */
export async function createEmptyPgDatabase(
  adminUrl: string,
  { template }: { template?: string } = {},
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const base = decodeURIComponent(new URL(adminUrl).pathname.slice(1)) || 'referio_test';
  const name = `${base}_${Math.random().toString(36).slice(2, 10)}`.slice(0, 63);
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const cleanup = new Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
