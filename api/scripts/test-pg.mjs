// Runs the API test suite against a real PostgreSQL server (default: the machine's, on 127.0.0.1:5432).
// Creates a fresh database referio_test_<random>, runs jest with DATABASE_URL pointing at it (each test
// file then creates and drops its own database beside it), and drops everything it created afterwards.
//
//   npm run test:pg -w @referio/api                      # postgres@127.0.0.1:5432 (trust auth, as in CI)
//   PG_ADMIN_URL=postgres://me:pw@host:5432/postgres npm run test:pg -w @referio/api
//
// When the admin URL is refused and this runs as root, it falls back to `su postgres -c psql` to create
// a dedicated login role (referio_test) with CREATEDB, and uses that.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const FALLBACK_ROLE = 'referio_test';

async function canConnect(url) {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (err) {
    console.warn(`cannot connect as ${new URL(url).username || '(default user)'}: ${err.message}`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** As root: let the postgres OS user create a login role we can use over TCP. */
function createRoleWithSu(host, port) {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const password = FALLBACK_ROLE;
  const sql = `DO $$ BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${FALLBACK_ROLE}') THEN
      CREATE ROLE ${FALLBACK_ROLE} LOGIN CREATEDB PASSWORD '${password}';
    END IF;
  END $$;`;
  try {
    // SQL on stdin: no shell quoting of $$ and quotes.
    execFileSync('su', ['postgres', '-c', 'psql -v ON_ERROR_STOP=1 -q'], {
      input: sql,
      stdio: ['pipe', 'inherit', 'inherit'],
    });
  } catch {
    return null;
  }
  return `postgres://${FALLBACK_ROLE}:${password}@${host}:${port}/postgres`;
}

async function adminUrl() {
  const url = process.env.PG_ADMIN_URL || DEFAULT_ADMIN_URL;
  if (await canConnect(url)) return url;
  const parsed = new URL(url);
  const fallback = createRoleWithSu(parsed.hostname, parsed.port || '5432');
  if (fallback && (await canConnect(fallback))) return fallback;
  throw new Error(
    `No PostgreSQL to test against at ${parsed.host}. Set PG_ADMIN_URL to a role that may create databases.`,
  );
}

async function withAdmin(url, fn) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const admin = await adminUrl();
const dbName = `referio_test_${randomBytes(4).toString('hex')}`;
await withAdmin(admin, (c) => c.query(`CREATE DATABASE "${dbName}"`));
const testUrl = new URL(admin);
testUrl.pathname = `/${dbName}`;
console.log(
  `test:pg: running the API tests against PostgreSQL database ${dbName} on ${testUrl.host}`,
);

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
    {
      cwd: apiDir,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: testUrl.toString() },
    },
  );
  status = result.status ?? 1;
} finally {
  await withAdmin(admin, async (c) => {
    // The per-file databases are named after the run's database; drop any a crashed file left behind.
    const { rows } = await c.query(
      'SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2',
      [dbName, `${dbName}\\_%`],
    );
    for (const { datname } of rows)
      await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}
process.exit(status);
