// Connecting to a PostgreSQL server as a role that may create databases, and making a fresh database
// (used by test-pg.mjs and the benchmarks). Default: postgres@127.0.0.1:5432 (trust auth, as in CI);
// PG_ADMIN_URL overrides it. When that is refused and this runs as root, it falls back to
// `su postgres -c psql` to create a dedicated login role (referio_test) with CREATEDB, and uses that.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Client } = require('pg');

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

export async function adminUrl() {
  const url = process.env.PG_ADMIN_URL || DEFAULT_ADMIN_URL;
  if (await canConnect(url)) return url;
  const parsed = new URL(url);
  const fallback = createRoleWithSu(parsed.hostname, parsed.port || '5432');
  if (fallback && (await canConnect(fallback))) return fallback;
  throw new Error(
    `No PostgreSQL to test against at ${parsed.host}. Set PG_ADMIN_URL to a role that may create databases.`,
  );
}

export async function withAdmin(url, fn) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates `<prefix>_<random>`; returns its URL and a drop() that also removes `<name>_*` databases. */
export async function freshDatabase(prefix) {
  const admin = await adminUrl();
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await withAdmin(admin, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const drop = () =>
    withAdmin(admin, async (c) => {
      const { rows } = await c.query(
        'SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2',
        [name, `${name}\\_%`],
      );
      for (const { datname } of rows)
        await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    });
  return { name, url: url.toString(), drop };
}
