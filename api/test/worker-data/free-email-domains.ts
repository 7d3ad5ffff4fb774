// free-email-domains-list's 96,000 domains (a 2 MB module: a Set built at load), loaded once per Jest worker
// by Node and shared by the worker's test files (jest.config.js maps the module here). The app only looks
// names up in it. Without test/environment.ts (no worker cache), Node loads it here all the same.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { WorkerCache } from '../environment';

const requireHere = createRequire(__filename);
// Resolved from the package's root: Jest's require.resolve of the module's own name would answer this file.
const MODULE = path.join(
  path.dirname(requireHere.resolve('free-email-domains-list/package.json')),
  'build/src/constants.js',
);
const worker = (globalThis as { __referioWorkerCache?: WorkerCache }).__referioWorkerCache;
const loaded = (worker ? worker.requireData(MODULE) : requireHere(MODULE)) as {
  DOMAINS: Set<string>;
};

export const DOMAINS = loaded.DOMAINS;
