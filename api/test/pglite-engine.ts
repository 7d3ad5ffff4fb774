// The Jest worker's PGlite engines (loaded by test/environment.ts, in the environment's realm, outside any
// test file's module registry). Starting a PGlite from the migrated image costs seconds of CPU (the
// WebAssembly Postgres starting, the image unpacked), more than most test files' tests; an engine is started
// once per worker instead and lent to one test database at a time. Before it is lent again it is put back to
// the image's state: its tables emptied (the image's are empty, but for Drizzle's journal) and its sequences
// set back, in one statement; and it is checked: when the catalog (any DDL, ANALYZE, a temporary table),
// the settings or the journal differ from the image's, or the engine is closed, a fresh engine replaces it.
// So each file still starts from exactly the migrated image, and a file that changes the schema costs a
// restart instead of leaking into the next file.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { PGlite, type Extension, type Results, type Transaction } from '@electric-sql/pglite';
import { copyIntoRealm } from './realm-copy';

const requireHere = createRequire(__filename);
const { pg_trgm } = requireHere('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };
const { unaccent } = requireHere('@electric-sql/pglite/contrib/unaccent') as {
  unaccent: Extension;
};

/** What a test database's PGlite client calls on the engine; values in the engine's realm. */
export interface EngineLease {
  query(query: string, params?: unknown[], options?: object): Promise<Results>;
  exec(query: string, options?: object): Promise<Results[]>;
  transaction<T>(callback: (tx: LeaseTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  /** Gives the engine back (it is reset before its next lease). */
  release(): Promise<void>;
  readonly released: boolean;
}

export type LeaseTransaction = Pick<EngineLease, 'query' | 'exec'> & {
  rollback(): Promise<void>;
  readonly closed: boolean;
};

/** The image's state: what a reset engine must match. */
interface Snapshot {
  check: string;
  reset: string;
}

/** Per catalog table, its rows' count and newest xmin: any DDL, ANALYZE or temporary table changes one. */
const CATALOG_SQL = `
  SELECT string_agg(format('SELECT %L AS t, count(*) AS n, max(xmin::text::bigint) AS x FROM pg_catalog.%I',
                           relname, relname), ' UNION ALL ' ORDER BY relname)
    FROM pg_class WHERE relnamespace = 'pg_catalog'::regnamespace AND relkind = 'r'`;

const USER_RELATIONS_SQL = `
  SELECT format('%I.%I', n.nspname, c.relname) AS name, c.relkind AS kind
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE c.relkind IN ('r', 'p', 'S') AND c.relpersistence <> 't'
     AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
   ORDER BY 1`;

async function firstValue(pg: PGlite, query: string): Promise<string> {
  const { rows } = await pg.query<Record<string, unknown>>(query);
  return String(Object.values(rows[0] ?? {})[0] ?? '');
}

/**
 * The query whose answer must stay the image's (catalog, settings, the rows of the tables that have any),
 * and the statement that empties the other tables and sets every sequence back.
 */
async function snapshot(pg: PGlite): Promise<Snapshot> {
  const catalog = await firstValue(pg, CATALOG_SQL);
  const { rows } = await pg.query<{ name: string; kind: string }>(USER_RELATIONS_SQL);
  const emptied: string[] = [];
  const kept: string[] = [];
  const sequences: string[] = [];
  for (const { name, kind } of rows) {
    if (kind === 'S') {
      const { rows: s } = await pg.query<{ v: string; c: boolean }>(
        `SELECT last_value::text AS v, is_called AS c FROM ${name}`,
      );
      sequences.push(`PERFORM setval('${name}', ${s[0]!.v}, ${s[0]!.c});`);
    } else if (await firstValue(pg, `SELECT count(*) FROM ${name}`).then((n) => n !== '0')) {
      kept.push(`(SELECT md5(string_agg(t::text, ',' ORDER BY t::text)) FROM ${name} t)`);
    } else emptied.push(`DELETE FROM ${name};`);
  }
  const check = `SELECT concat_ws('|',
      (SELECT string_agg(concat_ws(':', t, n, x), ',') FROM (${catalog}) c),
      (SELECT string_agg(name || '=' || setting, ',' ORDER BY name) FROM pg_settings WHERE source <> 'default'),
      ${kept.join(', ') || "''"}) AS state`;
  const reset = `DO $$ BEGIN
    SET LOCAL session_replication_role = replica;
    ${emptied.join('\n    ')}
    ${sequences.join('\n    ')}
  END $$`;
  return { check, reset };
}

interface Engine {
  pg: PGlite;
  snapshot: Snapshot;
  state: string;
}

/** This process's engines, whichever copy of this module made them (the global teardown closes them). */
const ALL = Symbol.for('referio.test.pgliteEngines');
const registry = (): Set<PgliteEngines> =>
  ((globalThis as { [ALL]?: Set<PgliteEngines> })[ALL] ??= new Set());

/**
 * Closes this process's engines: the run's end with --runInBand, where they would keep Jest's process alive
 * (a worker process is ended by Jest anyway).
 */
export async function closeAllEngines(): Promise<void> {
  for (const engines of registry()) await engines.close();
}

/** The worker's engines: started from the image on first need, lent one test database at a time. */
export class PgliteEngines {
  private readonly idle: Engine[] = [];
  private readonly lent = new Set<{ revoke(): Promise<void> }>();
  private image: Blob | undefined;
  private imageFile: string | undefined;
  constructor() {
    registry().add(this);
  }

  async close(): Promise<void> {
    await this.revokeAll();
    for (const engine of this.idle.splice(0)) await engine.pg.close().catch(() => {});
  }

  async acquire(imageFile: string): Promise<EngineLease> {
    if (imageFile !== this.imageFile) await this.reload(imageFile);
    let engine = this.idle.pop();
    if (engine && !(await this.reset(engine))) {
      await engine.pg.close().catch(() => {});
      engine = undefined;
    }
    return this.lend(engine ?? (await this.start()));
  }

  /** Takes back every engine still lent (a test file that ended without closing its database). */
  async revokeAll(): Promise<void> {
    await Promise.all([...this.lent].map((lease) => lease.revoke()));
  }

  private async reload(imageFile: string): Promise<void> {
    await this.close();
    this.image = new Blob([fs.readFileSync(imageFile)]);
    this.imageFile = imageFile;
  }

  private async start(): Promise<Engine> {
    const pg = new PGlite({ extensions: { pg_trgm, unaccent }, loadDataDir: this.image });
    await pg.waitReady;
    const shot = await snapshot(pg);
    return { pg, snapshot: shot, state: await firstValue(pg, shot.check) };
  }

  /** Puts `engine` back to the image's state; false when it cannot be (then it is replaced). */
  private async reset(engine: Engine): Promise<boolean> {
    const { pg } = engine;
    if (pg.closed) return false;
    try {
      await pg.exec('CLOSE ALL; DEALLOCATE ALL; SELECT pg_advisory_unlock_all(); UNLISTEN *');
      if ((await firstValue(pg, engine.snapshot.check)) !== engine.state) return false;
      await pg.exec(engine.snapshot.reset);
      return true;
    } catch {
      return false;
    }
  }

  private lend(engine: Engine): EngineLease {
    const { pg } = engine;
    const unlistens = new Set<() => Promise<void>>();
    let released = false;
    const live = () => {
      if (released || pg.closed) throw new Error('PGlite is closed');
    };
    const release = async () => {
      if (released) return;
      released = true;
      this.lent.delete(handle);
      for (const unlisten of unlistens) await unlisten().catch(() => {});
      if (!pg.closed) this.idle.push(engine);
    };
    const handle = { revoke: release };
    this.lent.add(handle);
    const run = <T>(call: () => Promise<T>) =>
      Promise.resolve().then(() => {
        live();
        return call();
      });
    const withTx = (tx: Transaction): LeaseTransaction => ({
      query: (query, params, options) =>
        run(() => tx.query(query, copyIntoRealm(params), copyIntoRealm(options))),
      exec: (query, options) => run(() => tx.exec(query, copyIntoRealm(options))),
      rollback: () => tx.rollback(),
      get closed() {
        return tx.closed;
      },
    });
    return {
      query: (query, params, options) =>
        run(() => pg.query(query, copyIntoRealm(params), copyIntoRealm(options))),
      exec: (query, options) => run(() => pg.exec(query, copyIntoRealm(options))),
      transaction: (callback) => run(() => pg.transaction((tx) => callback(withTx(tx)))),
      async listen(channel, callback) {
        live();
        const unlisten = await pg.listen(channel, callback);
        unlistens.add(unlisten);
        return async () => {
          unlistens.delete(unlisten);
          if (!pg.closed) await unlisten();
        };
      },
      release,
      get released() {
        return released;
      },
    };
  }
}
