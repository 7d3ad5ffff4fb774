// free-email-domains-list's 96,000 domains (a 2 MB module: a Set built at load), loaded once per Jest worker
// by Node and shared by the worker's test files (jest.config.js maps the module here). The app only looks
// names up in it. Outside test/environment.cjs: the module itself, loaded per file.
const path = require('node:path');

// Resolved from the package's root: Jest's require.resolve of the module's own name would answer this file.
const MODULE = path.join(
  path.dirname(require.resolve('free-email-domains-list/package.json')),
  'build/src/constants.js',
);
const worker = globalThis.__referioWorkerCache;
module.exports = worker ? worker.requireData(MODULE) : require(MODULE);
