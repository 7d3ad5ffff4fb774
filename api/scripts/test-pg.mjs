// Runs the API test suite against a real PostgreSQL server (default: the machine's, on 127.0.0.1:5432).
// Creates a fresh database referio_test_<random>, runs jest with DATABASE_URL pointing at it (each test
// file then creates and drops its own database beside it), and drops everything it created afterwards.
//
//   npm run test:pg -w @referio/api                      # postgres@127.0.0.1:5432 (trust auth, as in CI)
//   PG_ADMIN_URL=postgres://me:pw@host:5432/postgres npm run test:pg -w @referio/api
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshDatabase } from './pg-admin.mjs';

const require = createRequire(import.meta.url);
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const db = await freshDatabase('referio_test');
console.log(`test:pg: running the API tests against PostgreSQL database ${db.name}`);

let status = 1;
try {
  const jest = require.resolve('jest/bin/jest', { paths: [apiDir] });
  const result = spawnSync(
    process.execPath,
    [
      '--experimental-vm-modules',
      '--no-warnings=ExperimentalWarning',
      jest,
      '--runInBand',
      ...process.argv.slice(2),
    ],
    { cwd: apiDir, stdio: 'inherit', env: { ...process.env, DATABASE_URL: db.url } },
  );
  status = result.status ?? 1;
} finally {
  // The per-file databases are named after the run's database; drop any a crashed file left behind.
  await db.drop();
}
process.exit(status);
