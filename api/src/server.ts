import './gc';
import { buildApp } from './app';
import { ConfigError, loadConfig, productionProblems, type Config } from './config';
import { openMigratedDatabase } from './plugins/db';

/**
 * The configuration, or the process ends with the refusal (exit 1). A production instance missing what it cannot
 * run without is refused here, before its database is opened or migrated.
 */
function configOrExit(): Config {
  try {
    const config = loadConfig();
    const problems = productionProblems(config);
    if (problems.length > 0) throw new ConfigError(problems);
    return config;
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

async function main() {
  const config = configOrExit();
  // The database is opened and migrated before the app is built: a migration may take minutes on a large
  // database (writing a million job posts' JSON took two), longer than any plugin is given to start
  // (`pluginTimeout`), and a start cut short mid-way would only be retried. Instances started together
  // wait for each other on the migrations' lock (src/db/index.ts).
  const started = Date.now();
  const database = await openMigratedDatabase(config);
  const migrateMs = Date.now() - started;
  if (migrateMs > 10_000)
    console.info(`The database was migrated in ${Math.round(migrateMs / 1000)} s.`);
  let app;
  try {
    app = await buildApp(config, { database });
    await app.ready();
  } catch (e) {
    await database.close().catch(() => {});
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const close = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error('The API could not start:', err);
  process.exit(1);
});
