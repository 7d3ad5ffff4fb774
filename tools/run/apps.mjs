// The deployable units, their ports and where their build output lives. One table for start, serve, bench and e2e.
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
