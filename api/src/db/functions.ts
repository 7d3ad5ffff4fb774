import fs from 'node:fs';
import path from 'node:path';

/**
 * api/sql/functions: the SQL functions kept as one file each (CREATE OR REPLACE), from src/db (tsx,
 * jest) and dist/db (node) alike.
 */
export const FUNCTIONS_FOLDER = path.resolve(__dirname, '../../sql/functions');

/**
 * The function files' SQL, in file-name order, as one script. `migrate()` runs it before the versioned
 * migrations (which may use the functions; bodies are not checked then, since the tables and
 * extensions they name may not exist yet) and again after them (so the files' definitions are the ones
 * kept): a repeatable migration, so a change of a function is a diff of its file.
 */
export function functionsScript(): string {
  const files = fs
    .readdirSync(FUNCTIONS_FOLDER)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return files.map((f) => fs.readFileSync(path.join(FUNCTIONS_FOLDER, f), 'utf8')).join('\n;\n');
}

/** The script as `migrate()` runs it before the versioned migrations. */
export const functionsScriptUnchecked = (): string =>
  `SET check_function_bodies = off;\n${functionsScript()}\n;\nRESET check_function_bodies;`;
