// Migrating PostgreSQL (runs in npm run test:pg): a migration is not bound by the requests' statement
// timeout (one of a large table takes minutes), and an instance that starts while another migrates waits
// on the migrations' lock for as long as that takes, then finds the migrations applied.
import { Client } from 'pg';
import { MIGRATION_LOCK_ID, openDatabase, type Database } from '../src/db';
import { createEmptyPgDatabase } from './helper';

let empty: { url: string; drop(): Promise<void> };
let url: string;
const opened: Database[] = [];

beforeEach(async () => {
  empty = await createEmptyPgDatabase(process.env.DATABASE_URL as string);
  url = empty.url;
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close()));
  await empty.drop();
});

test('an instance waits out another one migrating, past its statement timeout, and keeps that timeout for requests', async () => {
  // Another instance holds the migrations' lock (as while it migrates) for four times the timeout.
  const other = new Client({ connectionString: url });
  await other.connect();
  await other.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
  const database = await openDatabase({ url, queryTimeoutMs: 200 });
  opened.push(database);
  const started = Date.now();
  const migrating = database.migrate();
  const release = new Promise<void>((resolve) =>
    setTimeout(() => {
      void other
        .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
        .then(() => other.end())
        .then(() => resolve());
    }, 800),
  );
  await expect(migrating).resolves.toBeUndefined();
  await release;
  expect(Date.now() - started).toBeGreaterThanOrEqual(750);

  // Migrated: the schema is there.
  const tables = (await database.db.execute(
    "select count(*)::int as n from information_schema.tables where table_name in ('job_posts', 'users')",
  )) as unknown as { rows: { n: number }[] };
  expect(tables.rows[0]?.n).toBe(2);
  // And the requests' connections still give up after their timeout (the migration's setting was undone).
  const shown = (await Promise.all(
    Array.from({ length: 3 }, () => database.db.execute('show statement_timeout')),
  )) as unknown as { rows: { statement_timeout: string }[] }[];
  for (const r of shown) expect(r.rows[0]?.statement_timeout).toBe('200ms');
  await expect(database.db.execute('select pg_sleep(0.5)')).rejects.toThrow();
});

test('an instance opens no more connections than DB_POOL_MAX and DB_SEARCH_POOL_MAX allow', async () => {
  const database = await openDatabase({ url, poolMax: 2, searchPoolMax: 1 });
  opened.push(database);
  await database.migrate();
  const connections = async () => {
    const r = (await database.db.execute(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend'",
    )) as unknown as { rows: { n: number }[] };
    return r.rows[0]!.n;
  };
  // Many statements at once on each pool: they queue for the connections instead of opening more.
  await Promise.all([
    ...Array.from({ length: 8 }, () => database.db.execute('select pg_sleep(0.05)')),
    ...Array.from({ length: 8 }, () => database.searchDb.execute('select pg_sleep(0.05)')),
  ]);
  expect(await connections()).toBe(3);
});
