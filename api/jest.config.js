// API tests: node environment, TypeScript through esbuild without type-checking (tsc does that), the shared
// contract from source.
const path = require('node:path');

module.exports = {
  rootDir: __dirname,
  // Node's environment plus what a worker keeps across test files (test/environment.ts; README.md, Test).
  testEnvironment: '<rootDir>/test/environment.ts',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // *.pg.test.ts need a real PostgreSQL (several API instances on one server): they run in
  // `npm run test:pg` (scripts/test-pg.mjs sets DATABASE_URL) and are left out of the PGlite run.
  testPathIgnorePatterns: process.env.DATABASE_URL
    ? ['/node_modules/']
    : ['/node_modules/', '\\.pg\\.test\\.ts$'],
  transform: { '^.+\\.ts$': '<rootDir>/test/transform.cjs' },
  moduleNameMapper: {
    '^@referio/shared/contract$': path.join(
      __dirname,
      '..',
      'shared',
      'src',
      'contract',
      'index.ts',
    ),
    // light-my-request (app.inject) require()s cookie@2, which is ESM-only: Node 20 loads that natively,
    // Jest's module runtime cannot. The hoisted cookie@1.1 is CommonJS with the same API.
    '^cookie$': require.resolve('cookie', { paths: [path.join(__dirname, '..')] }),
    // Data loaded once per worker, not per test file (test/environment.ts).
    '^free-email-domains-list/build/src/constants$':
      '<rootDir>/test/worker-data/free-email-domains.ts',
  },
  // One migrated database per run; each file's database is a copy of it (test/databases.ts).
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  // A test's bound is for a hang only: the work of a test is fixed, its time is the machine's. In CI the suites run
  // at a lower priority beside the browser journeys; on a slow night there the fuzz file took 554 s on PostgreSQL
  // (two of its tests over the 120 s this was) and the random search test 204 s.
  testTimeout: 15 * 60_000,
  restoreMocks: true,
};
