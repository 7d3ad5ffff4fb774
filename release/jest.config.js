// Release tests: node environment, ts-jest without type-checking (tsc does that).
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
};
