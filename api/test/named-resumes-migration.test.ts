// Migration 0039: each saved resume (users.resume, its name and size) becomes one named resume, the default,
// named after the file without its extension, dated by its file's upload. Migrated up to 0038 on the suite's
// engine (an empty PostgreSQL database beside DATABASE_URL's, else a PGlite of its own), given users with and
// without a resume, then migrated to the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { Client } from 'pg';
import { MIGRATIONS_FOLDER, openDatabase } from '../src/db';
import { migrateWithFunctions } from '../src/db/functions';
import { createEmptyPgDatabase } from './databases';

/** An empty, unmigrated database: what the test needs of it. */
interface EmptyDatabase {
  exec(script: string): Promise<unknown>;
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Applies the migrations of `folder` (and the function files around them), as the app does. */
  migrateTo(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function emptyPostgres(adminUrl: string): Promise<EmptyDatabase> {
  const empty = await createEmptyPgDatabase(adminUrl);
  const client = new Client({ connectionString: empty.url });
  await client.connect();
  const db = drizzlePg({ client });
  return {
    exec: (script) => client.query(script),
    query: async <T>(text: string, params?: unknown[]) => ({
      rows: (await client.query(text, params)).rows as T[],
    }),
    migrateTo: (folder) =>
      migrateWithFunctions(
        (script) => client.query(script),
        () => migratePg(db, { migrationsFolder: folder }),
      ),
    async close() {
      await client.end();
      await empty.drop();
    },
  };
}

async function emptyPglite(): Promise<EmptyDatabase> {
  // The app's own PGlite (its extensions), opened and not migrated.
  const { db: opened } = await openDatabase({});
  const client = (opened as unknown as { $client: PGlite }).$client;
  const db = drizzle({ client });
  return {
    exec: (script) => client.exec(script),
    query: (text, params) => client.query(text, params),
    migrateTo: (folder) =>
      migrateWithFunctions(
        (script) => client.exec(script),
        () => migrate(db, { migrationsFolder: folder }),
      ),
    close: () => client.close(),
  };
}

/** A copy of the migrations folder whose journal ends at migration `last`. */
function migrationsUpTo(last: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-migrations-'));
  fs.cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

test('0039 turns each saved resume into the default named resume, named after its file', async () => {
  const adminUrl = process.env.DATABASE_URL;
  const client = adminUrl ? await emptyPostgres(adminUrl) : await emptyPglite();
  const upTo38 = migrationsUpTo(38);
  try {
    await client.migrateTo(upTo38);
    const user = async (email: string, resume: string | null, name: string | null) =>
      (
        await client.query<{ id: string }>(
          'insert into users (email, resume, resume_name, resume_size) values ($1, $2, $3, 10) returning id',
          [email, resume, name],
        )
      ).rows[0]!.id;
    const asha = await user('asha@example.com', 'resumes/a/1.pdf', 'Asha Rao CV.pdf');
    const bare = await user('bare@example.com', 'resumes/b/2.docx', '.docx');
    await user('none@example.com', null, null);
    await client.query(
      `insert into files (owner_id, kind, mime, size, original_name, storage_key, created_at)
       values ($1, 'resume', 'application/pdf', 10, 'Asha Rao CV.pdf', 'resumes/a/1.pdf', '2025-01-02T03:04:05Z')`,
      [asha],
    );

    await client.migrateTo(MIGRATIONS_FOLDER);
    const rows = (
      await client.query<{
        owner_id: string;
        storage_key: string;
        name: string;
        is_default: boolean;
        created_at: Date;
      }>('select owner_id, storage_key, name, is_default, created_at from resumes order by name')
    ).rows;
    expect(rows.map((r) => [r.owner_id, r.storage_key, r.name, r.is_default])).toEqual([
      [asha, 'resumes/a/1.pdf', 'Asha Rao CV', true],
      [bare, 'resumes/b/2.docx', 'Resume', true],
    ]);
    expect(new Date(rows[0]!.created_at).toISOString()).toBe('2025-01-02T03:04:05.000Z');
    const columns = await client.query(
      "select column_name from information_schema.columns where table_name = 'users' and column_name like 'resume%'",
    );
    expect(columns.rows).toEqual([]);
  } finally {
    await client.close();
    fs.rmSync(upTo38, { recursive: true, force: true });
  }
});
