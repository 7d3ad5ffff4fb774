// The deployable units, their federation names, ports and where their build output lives: the one table for start,
// serve, bench, e2e and the webpack configs (tools/build/webpack.app.js reads an app's name and port here).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const API_PORT = Number(process.env.API_PORT || 4000);

/** @type {{ dir: string, name: string, port: number, host?: boolean }[]} */
export const apps = [
  { dir: 'shell', name: 'shell', port: 3000, host: true },
  { dir: 'mfe-public', name: 'mfe_public', port: 3001 },
  { dir: 'mfe-candidate', name: 'mfe_candidate', port: 3002 },
  { dir: 'mfe-referrer', name: 'mfe_referrer', port: 3003 },
  { dir: 'mfe-chat', name: 'mfe_chat', port: 3004 },
  { dir: 'mfe-admin', name: 'mfe_admin', port: 3005 },
];

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
