// Test databases: each test file gets a fresh, migrated, empty one. The run's global setup
// (test/global-setup.ts) migrates one database first; a file's database is a copy of it (PGlite: the dumped
// data directory; PostgreSQL: CREATE DATABASE … TEMPLATE), so no file pays for initdb and the migrations.
import fs from 'node:fs';
import { Client } from 'pg';
import { openDatabase, type Database } from '../src/db';

/** The dumped PGlite image's file and the PostgreSQL template's name, set by the global setup. */
export const IMAGE_ENV = 'REFERIO_TEST_PGLITE_IMAGE';
export const TEMPLATE_ENV = 'REFERIO_TEST_PG_TEMPLATE';

let image: Blob | undefined;

/**
 * A fresh database for one test file: in-memory PGlite, or, when DATABASE_URL is set, a new PostgreSQL
 * database created beside it (dropped again by `close`). Migrated, empty.
 */
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const file = process.env[IMAGE_ENV];
    if (file && !image) image = new Blob([fs.readFileSync(file)]);
    const database = await openDatabase(image ? { pgliteImage: image } : {});
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
