// The API tests' Jest environment: Node's, plus what one worker process keeps from one test file to the next,
// so the work every file would repeat is done once per worker:
// - a V8 code cache of the modules Jest compiles. Jest evaluates every module again for each test file (its
//   own registry and realm per file), and compiles it again from source: about a thousand modules (Fastify,
//   Drizzle, zod, PGlite, the app). With the cache, a file after the first skips parsing and compiling them.
//   The compiled code holds no values, so each file still runs its modules afresh, in its own realm.
// - `workerCache`: the files test/databases.ts reads for every file's PGlite (the migrated image, PGlite's
//   file bundle and WebAssembly), read once. Each file still gets a new database.
// - data-only modules loaded once per worker by Node instead of once per file by Jest (test/worker-data/).
const { createHash } = require('node:crypto');
const vm = require('node:vm');
const { TestEnvironment } = require('jest-environment-node');

const CACHED = Symbol.for('referio.test.compileFunctionCache');

/**
 * Makes `vm.compileFunction` (what jest-runtime compiles every CommonJS module with) keep V8's code cache per
 * source text and hand it back when the same text is compiled again in this process. V8 checks the data and
 * compiles from source when it does not fit. Sources with a dynamic `import()` are left alone: Node 20 loses
 * the module's import callback when compiling from cached data.
 */
function cacheCompiledModules() {
  if (vm.compileFunction[CACHED]) return;
  const compileFunction = vm.compileFunction;
  const cache = new Map();
  const cached = (code, params, options = {}) => {
    if (options.cachedData || options.produceCachedData || /\bimport\s*\(/.test(code)) {
      return compileFunction(code, params, options);
    }
    const key = createHash('sha256')
      .update(code)
      .update('\0')
      .update(String(params))
      .digest('base64');
    const data = cache.get(key);
    if (data) {
      const fn = compileFunction(code, params, { ...options, cachedData: data });
      if (fn.cachedDataRejected) cache.delete(key);
      return fn;
    }
    const fn = compileFunction(code, params, { ...options, produceCachedData: true });
    if (fn.cachedDataProduced && fn.cachedData) cache.set(key, fn.cachedData);
    return fn;
  };
  cached[CACHED] = true;
  vm.compileFunction = cached;
}

/**
 * Kept for the worker's lifetime and seen by every test file as `globalThis.__referioWorkerCache`. Only
 * realm-free values go in (Buffers, Blobs, strings), so no file's realm stays alive through it; and
 * `requireData`, Node's own `require` for the data-only modules jest.config.js maps to test/worker-data/.
 */
const workerCache = { values: new Map(), requireData: require };

class ApiTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    // Coverage instruments what V8 compiles; leave compiling alone then.
    if (!config.globalConfig.collectCoverage) cacheCompiledModules();
    this.global.__referioWorkerCache = workerCache;
  }
}

module.exports = ApiTestEnvironment;
