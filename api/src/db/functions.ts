import fs from 'node:fs';
import path from 'node:path';

/**
 * api/sql/functions: the SQL functions kept as one file each (CREATE OR REPLACE), from src/db (tsx,
 * jest) and dist/db (node) alike.
 */
export const FUNCTIONS_FOLDER = path.resolve(__dirname, '../../sql/functions');

/** The function files' SQL, in file-name order. */
export function functionFiles(): { name: string; sql: string }[] {
  return fs
    .readdirSync(FUNCTIONS_FOLDER)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(FUNCTIONS_FOLDER, name), 'utf8') }));
}

/**
 * Applies the function files around the versioned migrations (a repeatable migration: a change of a
 * function is a diff of its file). Before them, each file whose types exist already (bodies unchecked,
 * since the tables they read may come later; a file that fails, as on an empty database, is left for
 * after), so a migration may use the functions; after them, every file, so the files' definitions are
 * the ones kept whatever an old migration defined. `exec` runs one file's statements (as one
 * transaction); `migrate` the versioned migrations.
 */
export async function migrateWithFunctions(
  exec: (script: string) => Promise<unknown>,
  migrate: () => Promise<void>,
): Promise<void> {
  for (const f of functionFiles()) {
    await exec(`SET check_function_bodies = off;\n${f.sql}\n;RESET check_function_bodies;`).catch(
      () => exec('RESET check_function_bodies').catch(() => {}),
    );
  }
  await migrate();
  for (const f of functionFiles()) {
    try {
      await exec(f.sql);
    } catch (e) {
      throw new Error(`api/sql/functions/${f.name}: ${(e as Error).message}`);
    }
  }
}
