// The site's deployable units: the shell and the remotes (each released through this package, under its folder
// name) with the port each one serves on locally, and the API's. The table itself is app-table.json, the one home
// of these facts: this module types it for the product (the shell's servers), tools/run/apps.mjs reads the same
// file for the tooling (start, builds, CI, e2e), which runs before any package is built.
import table from './app-table.json';

export interface App {
  /** The package folder, also the app's name in the release store (`mfe-referrer`). */
  dir: string;
  /** The module federation name (`mfe_referrer`), as remotes.json lists it. */
  name: string;
  /** The port its server listens on locally. */
  port: number;
  /** The shell (the host); the others are remotes. */
  host?: boolean;
}

export const apps: readonly App[] = table.apps;

/** The remotes (every app but the shell). */
export const remoteApps: readonly App[] = apps.filter((a) => !a.host);

/** The API's port: API_PORT, else the table's. */
export const apiPort = (env: NodeJS.ProcessEnv = process.env): number =>
  Number(env.API_PORT || table.apiPort);

export function appByDir(dir: string): App {
  const app = apps.find((a) => a.dir === dir);
  if (!app) throw new Error(`Unknown app '${dir}'. Known: ${apps.map((a) => a.dir).join(', ')}`);
  return app;
}
