// Runs drizzle-kit (hoisted to the repository root) so that it finds drizzle-orm, which npm installed
// under api/node_modules: a module resolve hook answers drizzle-orm imports from this package.
// Usage: node scripts/drizzle-kit.mjs generate [--custom --name=x]
import Module, { createRequire, register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

register('./drizzle-orm-resolve.mjs', import.meta.url); // import() in drizzle-kit
process.env.NODE_PATH = new URL('../node_modules', import.meta.url).pathname; // require() in drizzle-kit
Module._initPaths();
const require = createRequire(import.meta.url);
const bin = path.join(path.dirname(require.resolve('drizzle-kit')), 'bin.cjs');
process.argv = [process.argv[0], bin, ...process.argv.slice(2)];
await import(pathToFileURL(bin).href);
