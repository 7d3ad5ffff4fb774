// The shell's tests: the browser code (src, jsdom) and its server (server/src, Node), one Jest run.
const path = require('node:path');

const server = {
  displayName: 'server',
  rootDir: path.join(__dirname, 'server'),
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      { tsconfig: path.join(__dirname, 'server', 'tsconfig.json'), diagnostics: false },
    ],
  },
  // @referio/release from its source, as the typecheck sees it (no build needed first).
  moduleNameMapper: {
    '^@referio/release$': path.join(__dirname, '..', 'release', 'src', 'index.ts'),
    // light-my-request (Fastify's inject) require()s cookie@2, which is ESM-only: Node 20 loads that natively,
    // Jest's module runtime cannot. The hoisted cookie@1.1 is CommonJS with the same API.
    '^cookie$': require.resolve('cookie', { paths: [path.join(__dirname, '..')] }),
  },
};

module.exports = {
  // Jest reads the test timeout from the top level, not from a project: a busy 2-core CI box needs more than
  // the default 5 s (a render that runs out of memory takes V8 seconds of garbage collection to end).
  testTimeout: 60_000,
  projects: [{ displayName: 'web', ...require('../tools/test/jest.web.js')(__dirname) }, server],
};
