// Test databases: each test file gets a fresh, migrated, empty one. The run's global setup
// (test/global-setup.ts) migrates one database first; a file's database is a copy of it (PGlite: the dumped
// data directory; PostgreSQL: CREATE DATABASE … TEMPLATE), so no file pays for initdb and the migrations.
// PGlite's inputs (that image, its WebAssembly modules and file bundle) are read once per Jest worker and
// kept in the worker's cache (test/environment.cjs) for the next files' instances.
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { openDatabase, type Database, type PgliteRuntime } from '../src/db';

/** The dumped PGlite image's file and the PostgreSQL template's name, set by the global setup. */
export const IMAGE_ENV = 'REFERIO_TEST_PGLITE_IMAGE';
export const TEMPLATE_ENV = 'REFERIO_TEST_PG_TEMPLATE';

/** What test/environment.cjs keeps for the worker's lifetime (absent outside that environment). */
interface WorkerCache {
  values: Map<string, unknown>;
}
const workerCache = (globalThis as { __referioWorkerCache?: WorkerCache }).__referioWorkerCache;
const fileCache = new Map<string, unknown>();

/** `make()`'s value, made once per worker (`perWorker`; else, or outside that environment, per file). */
function once<T>(key: string, make: () => T, perWorker = true): T {
  const values = (perWorker && workerCache?.values) || fileCache;
  if (!values.has(key)) values.set(key, make());
  return values.get(key) as T;
}

/** A file's contents as a Blob, read once per worker. */
const blobOf = (file: string) => once(`blob:${file}`, () => new Blob([fs.readFileSync(file)]));

/** This realm's WebAssembly (the API's TypeScript libraries do not declare it). */
const Wasm = (
  globalThis as unknown as {
    WebAssembly: { Module: new (bytes: Uint8Array) => PgliteRuntime['pgliteWasmModule'] };
  }
).WebAssembly;

/**
 * A WebAssembly module compiled in this test file's realm (PGlite checks `instanceof WebAssembly.Module`)
 * from bytes read once per worker; V8 reuses the machine code it compiled for the same bytes before.
 */
const wasmModuleOf = (file: string) =>
  once(
    `wasm:${file}`,
    () => new Wasm.Module(once(`bytes:${file}`, () => fs.readFileSync(file))),
    false,
  );

/** PGlite's WebAssembly modules and file bundle, read once per worker. */
function pgliteRuntime(): PgliteRuntime {
  if (!workerCache) return {};
  const dist = path.dirname(require.resolve('@electric-sql/pglite'));
  return {
    pgliteWasmModule: wasmModuleOf(path.join(dist, 'pglite.wasm')),
    initdbWasmModule: wasmModuleOf(path.join(dist, 'initdb.wasm')),
    fsBundle: blobOf(path.join(dist, 'pglite.data')),
  };
}

/**
 * A fresh database for one test file: in-memory PGlite, or, when DATABASE_URL is set, a new PostgreSQL
 * database created beside it (dropped again by `close`). Migrated, empty.
 */
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const file = process.env[IMAGE_ENV];
    const image = file ? blobOf(file) : undefined;
    const database = await openDatabase({ pgliteImage: image, pgliteRuntime: pgliteRuntime() });
    if (!image) await database.migrate();
    return database;
  }
  const template = process.env[TEMPLATE_ENV];
  const empty = await createEmptyPgDatabase(adminUrl, { template });
  const database = await openDatabase({ url: empty.url });
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
