import assert from 'node:assert/strict';
import { it } from 'node:test';
import { missingOptionalPackages } from '../lockfile.mjs';

it('names a platform binary that a locked package declares but the lockfile lacks', () => {
  const lock = {
    packages: {
      '': { name: 'referio' },
      'node_modules/esbuild': {
        optionalDependencies: {
          '@esbuild/linux-x64': '0.25.12',
          '@esbuild/darwin-arm64': '0.25.12',
        },
      },
      'node_modules/@esbuild/linux-x64': { os: ['linux'] },
      'node_modules/tsx/node_modules/esbuild': {
        optionalDependencies: { '@esbuild/linux-x64': '0.28.2' },
      },
    },
  };
  assert.deepEqual(missingOptionalPackages(lock), [
    '@esbuild/darwin-arm64 (from node_modules/esbuild)',
  ]);
  lock.packages['node_modules/@esbuild/darwin-arm64'] = { os: ['darwin'] };
  assert.deepEqual(missingOptionalPackages(lock), []);
});
