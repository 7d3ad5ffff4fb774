import assert from 'node:assert/strict';
import { it } from 'node:test';
import { missingOptionalPackages } from '../lockfile.mjs';
import { affectedPackages } from '../pipeline.mjs';

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

it('selects the changed packages, and every package on a change to shared, the API or the tooling', () => {
  assert.deepEqual(affectedPackages(['mfe-referrer/src/pages/JobPosts/index.tsx']), [
    'mfe-referrer',
  ]);
  assert.deepEqual(affectedPackages(['docs/teams.md', 'mfe-chat/README.md']), ['mfe-chat', 'root']);
  const all = [
    'shared',
    'api',
    'shell',
    'mfe-public',
    'mfe-candidate',
    'mfe-referrer',
    'mfe-chat',
    'e2e',
    'root',
  ];
  assert.deepEqual(affectedPackages(['shared/src/index.ts']), all);
  assert.deepEqual(affectedPackages(['api/src/app.ts']), all);
  assert.deepEqual(affectedPackages(['tools/build/webpack.app.js']), all);
  assert.deepEqual(affectedPackages(['package-lock.json']), all);
});
