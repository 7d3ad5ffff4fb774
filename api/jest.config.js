// API tests: node environment, ts-jest without type-checking (tsc does that), the shared contract from source.
const path = require('node:path');

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      { tsconfig: path.join(__dirname, 'tsconfig.json'), diagnostics: false },
    ],
  },
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
  },
  // PGlite (WebAssembly Postgres) takes a moment to start once per test file.
  testTimeout: 30_000,
  restoreMocks: true,
};
