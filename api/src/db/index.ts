import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PGlite, type Extension } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Client, Pool } from 'pg';
import * as schema from './schema';
import { migrateWithFunctions } from './functions';

// PGlite publishes only ESM typings for its contrib/* extensions although it ships a CommonJS build of
// them; this package compiles to CommonJS, so it loads that build directly.
const requireHere = createRequire(__filename);
const { pg_trgm } = requireHere('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };
const { unaccent } = requireHere('@electric-sql/pglite/contrib/unaccent') as {
  unaccent: Extension;
};

/** The Drizzle database both drivers give us (PGlite embedded, node-postgres for a real server). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What a repository may do inside a transaction it is handed (the database or a transaction alike). */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface Database {
  readonly kind: 'pglite' | 'pg';
  readonly db: Db;
  /**
   * The same database for the public job search (services/job-posts.ts, referio_search_page()): on
   * PostgreSQL its own connections, without parallel workers or JIT (they cost more to start than a
   * search takes) and with generic plans (planning costs more than a search's index probes), so
   * searches do not queue behind the other requests' queries. PGlite: `db` itself.
   */
  readonly searchDb: Db;
  /** Runs `select 1`; rejects when the database does not answer. */
  ping(): Promise<void>;
  /**
   * `select 1` that rejects after `timeoutMs`. On PostgreSQL over a connection of its own (not the
   * requests' pool), so busy requests do not make a healthy server look stalled.
   */
  probe(timeoutMs: number): Promise<void>;
  /**
   * Applies the SQL migrations in api/drizzle and the functions in api/sql/functions (idempotent, safe
   * for several instances at once).
   */
  migrate(): Promise<void>;
  /** Empties every table (tests). */
  truncateAll(): Promise<void>;
  close(): Promise<void>;
  /** PGlite in memory: its data directory as a tarball, to open copies with `pgliteImage` (tests). */
  dumpImage?(): Promise<Blob>;
}

/** api/drizzle, from src/db (tsx, jest) and dist/db (node) alike. */
export const MIGRATIONS_FOLDER = path.resolve(__dirname, '../../drizzle');

export const MIGRATION_LOCK_ID = 727_274_001;

/** The settings of the search's connections (why: openPostgres); the engines' bench runs the engine so too. */
export const SEARCH_SESSION_OPTIONS =
  '-c max_parallel_workers_per_gather=0 -c jit=off -c plan_cache_mode=force_generic_plan';

/**
 * Empties every table and restarts the sequences its columns own, as `TRUNCATE … RESTART IDENTITY` would,
 * without TRUNCATE's new file for every table and index (on PGlite, in memory, those made emptying the
 * database after each test cost about three times as much). Triggers and foreign-key checks are off while
 * it runs (session_replication_role, a superuser's setting: PGlite's user, the test server's postgres), so
 * the order of the tables does not matter and nothing is written elsewhere on the way.
 */
const truncateSql = sql.raw(`DO $$
DECLARE seq record;
BEGIN
  SET LOCAL session_replication_role = replica;
  ${schema.allTableNames.map((t) => `DELETE FROM "${t}";`).join('\n  ')}
  FOR seq IN
    SELECT s.seqrelid::regclass AS id, s.seqstart AS start
      FROM pg_sequence s
      JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = s.seqrelid AND d.deptype IN ('a', 'i')
      JOIN pg_class t ON t.oid = d.refobjid
     WHERE t.relnamespace = current_schema()::regnamespace
       AND t.relname = ANY (ARRAY[${schema.allTableNames.map((t) => `'${t}'`).join(', ')}])
  LOOP
    PERFORM setval(seq.id, seq.start, false);
  END LOOP;
END $$`);

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; absent = in memory. */
  pgliteDir?: string;
  /** PGlite in memory: start from this dumped data directory (`dumpDataDir`) instead of an empty cluster. */
  pgliteImage?: Blob;
  /**
   * A started PGlite (or what stands for one) to use instead of starting one: the tests' worker engine
   * (test/databases.ts). `close` closes it.
   */
  pgliteClient?: PGlite;
  /** PostgreSQL: how long to wait for a new connection (ms). */
  connectTimeoutMs?: number;
  /** PostgreSQL: how long a query may take, on the server (statement_timeout) and on the wire (ms). */
  queryTimeoutMs?: number;
  /** PostgreSQL: connections for the requests (10), and for the public job search (10). */
  poolMax?: number;
  searchPoolMax?: number;
}

/** Rejects when `promise` has not settled within `ms`. */
export function within<T>(promise: Promise<T>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  // The late answer (or error) of a probe that lost the race is nobody's concern.
  promise.catch(() => {});
  return Promise.race([promise.then(() => {}), timeout]).finally(() => clearTimeout(timer));
}

/**
 * A statement run by the driver of `db` itself, its rows as arrays of the values as the driver parses them:
 * no Drizzle mapping of each row into objects (for the public search, whose garbage made its latency tail).
 * node-postgres prepares it by `name` once per connection, as Drizzle's prepared statements.
 */
export async function driverRows(
  db: Db,
  name: string,
  text: string,
  values: unknown[],
): Promise<unknown[][]> {
  const client = (db as unknown as { $client: Pool | Client | PGlite }).$client;
  if (client instanceof Pool || client instanceof Client)
    return (await client.query<unknown[]>({ name, text, values, rowMode: 'array' })).rows;
  // PGlite, or what stands in for one (the test suite's engine shared across files): no named statements.
  return (await client.query<unknown[]>(text, values, { rowMode: 'array' })).rows;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts);
  return openPglite(opts.pgliteClient ?? newPglite(opts.pgliteDir, opts.pgliteImage));
}

function newPglite(dir?: string, image?: Blob): PGlite {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const extensions = { pg_trgm, unaccent };
  return dir
    ? new PGlite(dir, { extensions })
    : new PGlite({ extensions, ...(image ? { loadDataDir: image } : {}) });
}

async function openPglite(client: PGlite): Promise<Database> {
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    searchDb: db as unknown as Db,
    async ping() {
      await client.query('select 1');
    },
    probe: (timeoutMs) => within(client.query('select 1'), timeoutMs),
    async migrate() {
      await migrateWithFunctions(
        (script) => client.exec(script),
        () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      );
    },
    async truncateAll() {
      await db.execute(truncateSql);
    },
    async close() {
      if (!client.closed) await client.close();
    },
    dumpImage: () => client.dumpDataDir('none'),
  };
}

async function openPostgres(url: string, opts: OpenDatabaseOptions): Promise<Database> {
  // Without timeouts a stalled server holds every request (health included) forever: a new connection
  // gives up after connectTimeoutMs, a query after queryTimeoutMs (the client whose query timed out is
  // discarded, so the pool heals by itself once the server answers again).
  const poolOptions = {
    connectionString: url,
    max: opts.poolMax ?? 10,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 3000,
    query_timeout: opts.queryTimeoutMs ?? 15_000,
    statement_timeout: opts.queryTimeoutMs ?? 15_000,
  };
  const pool = new Pool(poolOptions);
  // The search's connections: none of the planner's machinery that pays off only for long queries and
  // costs milliseconds to start (parallel workers, JIT compiling), and generic plans from the first
  // run. A search's statements are index probes whatever their tokens, so a plan made for this call's
  // values buys nothing, and making one costs more than running it: the search statement's lateral
  // read of the page took about 1 ms to plan and 0.3 ms to run (the same holds for the statements
  // inside referio_search_page(), which plpgsql prepares once per connection).
  // Its connections are kept once made (no idle timeout): a new connection's first search plans every
  // statement of the search functions it runs (plpgsql plans each on its first call, per connection), tens
  // of milliseconds, so connections dropped after 10 idle seconds (pg's default) and made again on the
  // next burst put those first calls in the search's latency tail.
  const searchPool = new Pool({
    ...poolOptions,
    max: opts.searchPoolMax ?? 5,
    idleTimeoutMillis: 0,
    options: SEARCH_SESSION_OPTIONS,
  });
  // The stall probe's one connection (src/plugins/db-watch.ts): made on first use, dropped when its query
  // times out (pg discards a client whose query timed out), so a stalled server costs one socket.
  const probePool = new Pool({
    connectionString: url,
    max: 1,
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 3000,
    query_timeout: 2000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  searchPool.on('error', () => {});
  probePool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema });
  const searchDb = drizzlePg({ client: searchPool, schema });
  let closed = false;
  return {
    kind: 'pg',
    db: db as unknown as Db,
    searchDb: searchDb as unknown as Db,
    async ping() {
      await pool.query('select 1');
    },
    probe: (timeoutMs) => within(probePool.query('select 1'), timeoutMs),
    async migrate() {
      // Several API instances may start together: one migrates, the others wait on the advisory lock.
      // A connection of its own, without the requests' timeouts (`query_timeout`, `statement_timeout`): a
      // migration of a large table takes minutes (0025 wrote a million posts' JSON in about two), and an
      // instance waits on the lock for as long as another migrates.
      const client = new Client({
        connectionString: url,
        connectionTimeoutMillis: poolOptions.connectionTimeoutMillis,
      });
      // A lost connection fails the query in progress; unhandled, its 'error' event would end the process.
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        try {
          await migrateWithFunctions(
            (script) => client.query(script),
            () => migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER }),
          );
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
        }
      } finally {
        await client.end();
      }
    },
    async truncateAll() {
      await db.execute(truncateSql);
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), searchPool.end(), probePool.end()]);
    },
  };
}

export { schema };
