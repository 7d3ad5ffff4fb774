// The API tests' Jest environment: Node's, plus what one worker process keeps from one test file to the next,
// so the work every file would repeat is done once per worker. Jest loads it (and what it imports) through
// the suite's transform (test/transform.cjs), in the worker's own realm, outside every file's registry:
// - the worker's PGlite engines (test/pglite-engine.ts): a file's test database borrows one, reset to the
//   migrated image, instead of starting a PGlite of its own (test/databases.ts).
// - a V8 code cache of the modules Jest compiles. Jest evaluates every module again for each test file (its
//   own registry and realm per file), and compiles it again from source: about a thousand modules (Fastify,
//   Drizzle, zod, the app). With the cache, a file after the first skips parsing and compiling them. The
//   compiled code holds no values, so each file still runs its modules afresh, in its own realm.
// - data-only modules loaded once per worker by Node instead of once per file by Jest (test/worker-data/).
import { createHash } from 'node:crypto';
import vm from 'node:vm';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { TestEnvironment } from 'jest-environment-node';
import { PgliteEngines } from './pglite-engine';

const CACHED = Symbol.for('referio.test.compileFunctionCache');

type CompileFunction = typeof vm.compileFunction & { [CACHED]?: true };

/**
 * Makes `vm.compileFunction` (what jest-runtime compiles every CommonJS module with) keep V8's code cache per
 * source text and hand it back when the same text is compiled again in this process. V8 checks the data and
 * compiles from source when it does not fit. Sources with a dynamic `import()` are left alone: Node 20 loses
 * the module's import callback when compiling from cached data.
 */
function cacheCompiledModules(): void {
  const compileFunction: CompileFunction = vm.compileFunction;
  if (compileFunction[CACHED]) return;
  const cache = new Map<string, Buffer>();
  const cached: CompileFunction = (code, params, options = {}) => {
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

/** What every test file of the worker sees as `globalThis.__referioWorkerCache` (test/databases.ts). */
export interface WorkerCache {
  /** Node's own `require`, for the data-only modules jest.config.js maps to test/worker-data/. */
  requireData: NodeJS.Require;
  /** The worker's PGlite engines. */
  pglite: PgliteEngines;
}

const workerCache: WorkerCache = { requireData: require, pglite: new PgliteEngines() };

export default class ApiTestEnvironment extends TestEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    // Coverage instruments what V8 compiles; leave compiling alone then.
    if (!config.globalConfig.collectCoverage) cacheCompiledModules();
    this.global.__referioWorkerCache = workerCache;
  }

  override async teardown(): Promise<void> {
    // A file that ended without closing its database gives its engine back here.
    await workerCache.pglite.revokeAll();
    await super.teardown();
  }
}
