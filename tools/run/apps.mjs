// The deployable units, their ports and where their build output lives, for start, serve, bench and e2e. The
// table itself is release/src/app-table.json (the product's servers read it through @referio/release): read here as a
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
