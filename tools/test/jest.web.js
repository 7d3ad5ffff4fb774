// Jest settings shared by the browser packages (shell, remotes, shared): jsdom, ts-jest (transpile only),
// CSS stubbed, @referio/shared resolved to its source, TextEncoder for react-router.
const path = require('node:path');

module.exports = function webJestConfig(dir, extra = {}) {
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
      '^@referio/shared$': path.join(__dirname, '..', '..', 'shared', 'src', 'index.ts'),
      // Test data shaped as the API answers it, one copy for every package's tests.
      '^@referio/shared/test-utils$': path.join(
        __dirname,
        '..',
        '..',
        'shared',
        'src',
        'test-utils',
        'fixtures.ts',
      ),
      '^@referio/shared/contract$': path.join(
        __dirname,
        '..',
        '..',
        'shared',
        'src',
        'contract',
        'index.ts',
      ),
      '^@referio/shared/requests$': path.join(
        __dirname,
        '..',
        '..',
        'shared',
        'src',
        'domain',
        'requests',
        'index.ts',
      ),
      '^@referio/shared/profile$': path.join(
        __dirname,
        '..',
        '..',
        'shared',
        'src',
        'domain',
        'profile',
        'index.ts',
      ),
    },
    setupFiles: [path.join(__dirname, 'jest.setup-env.js')],
    setupFilesAfterEnv: [path.join(__dirname, 'jest.setup-dom.js')],
    clearMocks: true,
    restoreMocks: true,
    ...extra,
  };
};
