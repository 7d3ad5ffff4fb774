// Jest settings shared by the browser packages (shell, remotes, shared): jsdom, ts-jest (transpile only),
// CSS stubbed, @referio/shared resolved to its source (its API functions mocked outside shared), TextEncoder
// for react-router.
const path = require('node:path');

// The entries of @referio/shared (shared/package.json `exports`) and their source files. The test data,
// shaped as the API answers it, is one copy for every package's tests.
const SHARED_ENTRIES = {
  '': 'index.ts',
  '/test-utils': 'test-utils/index.ts',
  '/contract': 'contract/index.ts',
  '/forms': 'forms/index.ts',
  '/jobs': 'domain/jobs/index.ts',
  '/live': 'live/index.ts',
  '/islands': 'islands/index.ts',
  '/profile': 'domain/profile/index.ts',
  '/requests': 'domain/requests/index.ts',
};

const SHARED_DIR = path.join(__dirname, '..', '..', 'shared');

module.exports = function webJestConfig(dir, extra = {}) {
  // shared's own tests call its API functions (against a stubbed axios); everyone else's mock them all.
  const apiMock =
    path.resolve(dir) === SHARED_DIR ? [] : [path.join(__dirname, 'jest.setup-api.js')];
  return {
    rootDir: dir,
    testEnvironment: 'jsdom',
    roots: ['<rootDir>/src'],
    testMatch: ['**/?(*.)test.ts?(x)'],
    transform: {
      '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(dir, 'tsconfig.json'), diagnostics: false }],
    },
    moduleNameMapper: {
      '\\.(css)$': 'identity-obj-proxy',
      '\\.(png|jpe?g|gif|svg|webp)$': path.join(__dirname, 'jest.file-stub.js'),
      // @referio/shared and each of its entries resolved to their source.
      ...Object.fromEntries(
        Object.entries(SHARED_ENTRIES).map(([name, file]) => [
          `^@referio/shared${name}$`,
          path.join(__dirname, '..', '..', 'shared', 'src', file),
        ]),
      ),
    },
    setupFiles: [path.join(__dirname, 'jest.setup-env.js')],
    setupFilesAfterEnv: [path.join(__dirname, 'jest.setup-dom.js'), ...apiMock],
    clearMocks: true,
    restoreMocks: true,
    // A test's own limit is for a hang, not for speed: a page test that takes 0.5 s on an idle machine took
    // over jest's default 5 s while CI loaded both cores. What a test waits for has its own mechanism
    // (a fake clock, a mocked answer); see also asyncUtilTimeout in jest.setup-dom.js.
    testTimeout: 60_000,
    ...extra,
  };
};
