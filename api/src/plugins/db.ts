import path from 'node:path';
import fp from 'fastify-plugin';
import { openDatabase, type Database, type Db } from '../db';
import { seedIfEmpty } from '../db/seed';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database handle (driver, ping, migrate, close). */
    database: Database;
    /** Drizzle over PGlite or PostgreSQL. */
    db: Db;
  }
}

/**
 * Opens the database the configuration names (PostgreSQL when DATABASE_URL is set, else PGlite on disk) and
 * applies the migrations, however long they take (instances started together wait on the migrations'
 * lock, src/db/index.ts); closed again when they fail.
 */
export async function openMigratedDatabase(config: Config): Promise<Database> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: config.PGLITE_MEMORY ? undefined : path.join(config.DATA_DIR, 'pglite'),
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: config.DB_QUERY_TIMEOUT_MS,
    poolMax: config.DB_POOL_MAX,
    searchPoolMax: config.DB_SEARCH_POOL_MAX,
  });
  try {
    await database.migrate();
  } catch (e) {
    await database.close().catch(() => {});
    throw e;
  }
  return database;
}

export interface DbPluginOptions {
  /** An already opened and migrated database (tests share one per file); the app then does not close it. */
  database?: Database;
}

/**
 * Opens PGlite under DATA_DIR/pglite (or PostgreSQL when DATABASE_URL is set), applies the migrations,
 * and seeds demo data into an empty database unless SEED=false.
 */
export default fp<DbPluginOptions>(
  async (app, opts) => {
    const { config } = app;
    const database = opts.database ?? (await openMigratedDatabase(config));
    if (!opts.database) app.addHook('onClose', async () => database.close());
    if (config.SEED) {
      const started = Date.now();
      const result = await seedIfEmpty(database.db, app.now());
      if (result.seeded) {
        app.log.info(
          { ...result, ms: Date.now() - started },
          `seeded demo data: ${result.companies} companies, ${result.jobs} job posts`,
        );
      }
    }
    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'db', dependencies: ['config'] },
);
