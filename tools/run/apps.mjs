// The deployable units, their federation names, ports and where their build output lives: the one table for start,
// serve, bench, e2e and the webpack configs (tools/build/webpack.app.js reads an app's name and port here). The table
// itself is release/src/app-table.json (the product's servers read it through @referio/release): read here as a
// file, so the tooling needs no build first.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const table = JSON.parse(
  fs.readFileSync(path.join(root, 'release', 'src', 'app-table.json'), 'utf8'),
);

export const API_PORT = Number(process.env.API_PORT || table.apiPort);

/** @type {{ dir: string, name: string, port: number, host?: boolean }[]} */
export const apps = table.apps;

export const appByDir = (dir) => {
  const app = apps.find((a) => a.dir === dir);
  if (!app) throw new Error(`Unknown app '${dir}'. Known: ${apps.map((a) => a.dir).join(', ')}`);
  return app;
};

/**
 * The default remotes.json: each remote's manifest on its own port of this machine. The shell's build emits it
 * (shell/webpack.config.js) for the dev servers and a shell served without a release store.
 */
export const defaultRemotes = () =>
  apps
    .filter((a) => !a.host)
    .map((a) => ({ name: a.name, entry: `http://localhost:${a.port}/mf-manifest.json` }));
