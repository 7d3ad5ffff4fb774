// The contract check and the shared version policy against fixture contracts and packages: each failure the
// issue names is caught here, by a check that runs after the build and before any browser.
//   node --test tools/   (npm run test:tools)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { checkCompatibility, checkSite, propsAssignable } from '../check.mjs';
import { checkVersionPolicy, diffApi, extractApi, requiredBump } from '../shared-api.mjs';

const require = createRequire(import.meta.url);
const { buildContract } = require('../../build/contract.js');
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const readJson = (name) => JSON.parse(fs.readFileSync(path.join(fixtures, name), 'utf8'));

const fixtureRemote = (exposes) =>
  buildContract({
    dir: path.join(fixtures, 'mfe-fixture'),
    name: 'mfe_fixture',
    exposes: Object.fromEntries(
      exposes.map(([key, page]) => [key, `./src/pages/${page}/index.tsx`]),
    ),
  });

describe('a shared function added without a version bump and used by a remote', () => {
  const before = { version: '1.0.0', api: extractApi(path.join(fixtures, 'shared-1.0.0')) };
  const after = { version: '1.0.0', api: extractApi(path.join(fixtures, 'shared-probe')) };

  it('is an addition to the public API that needs a minor bump', () => {
    assert.deepEqual(diffApi(before.api, after.api), {
      added: ['@referio/shared skewProbe'],
      removed: [],
      changed: [],
    });
    assert.equal(requiredBump(diffApi(before.api, after.api)), 'minor');
  });

  it('fails the version policy while the version stays 1.0.0', () => {
    const problems = checkVersionPolicy(before, after);
    assert.match(problems[0], /changed without a version bump \(1\.0\.0 -> 1\.0\.0\)/);
    assert.match(problems[0], /needs a minor bump \(1\.0\.0 -> 1\.1\.0\)/);
    assert.match(problems.join('\n'), /added: @referio\/shared skewProbe/);
  });

  it('passes with the minor bump; the remote requiring ^1.1.0 is then refused by the live shell on 1.0.0', () => {
    assert.deepEqual(checkVersionPolicy(before, { ...after, version: '1.1.0' }), []);
    const remote = fixtureRemote([['./Explore', 'Explore']]);
    assert.equal(remote.shared['@referio/shared'].requiredVersion, '^1.1.0');
    const problems = checkCompatibility(readJson('shell-live.json'), remote);
    assert.ok(
      problems.some((p) =>
        p.includes(
          'mfe_fixture@2.0.0 needs @referio/shared ^1.1.0, but shell@0.1.0 provides @referio/shared 1.0.0',
        ),
      ),
      problems.join('\n'),
    );
  });

  it('counts a removed or changed export as breaking: a major bump', () => {
    const problems = checkVersionPolicy(after, { ...before, version: '1.1.0' });
    assert.match(
      problems[0],
      /with only a minor bump .* needs a major bump \(1\.0\.0 -> 2\.0\.0\)/,
    );
    assert.deepEqual(checkVersionPolicy(after, { ...before, version: '2.0.0' }), []);
  });
});

describe('an exposed module renamed', () => {
  it('fails the check against the live shell that routes to the old name', () => {
    const shell = readJson('shell-live.json');
    const live = readJson('mfe-fixture-live.json');
    assert.deepEqual(checkCompatibility(shell, live), []);
    const renamed = { ...live, version: '1.1.0', exposes: { ...live.exposes } };
    renamed.exposes['./ExploreJobs'] = renamed.exposes['./Explore'];
    delete renamed.exposes['./Explore'];
    assert.deepEqual(checkCompatibility(shell, renamed), [
      'shell@0.1.0 routes to mfe_fixture/Explore, but mfe_fixture@1.1.0 does not expose ./Explore (it exposes ./JobPosts, ./ExploreJobs)',
    ]);
  });

  it('is found in a contract generated from the source (the exposes of the build)', () => {
    const remote = fixtureRemote([['./ExploreJobs', 'Explore']]);
    const shell = readJson('shell-live.json');
    assert.ok(
      checkCompatibility(shell, remote).some((p) => p.includes('does not expose ./Explore')),
    );
    assert.deepEqual(
      checkSite(shell, []).map((p) => p),
      ['shell@0.1.0 routes to mfe_fixture, which the site does not have'],
    );
  });
});

describe("an exposed component's props changed incompatibly", () => {
  it('reads the props type from the source of the exposed module', () => {
    const remote = fixtureRemote([
      ['./Explore', 'Explore'],
      ['./JobPosts', 'JobPosts'],
    ]);
    assert.equal(remote.exposes['./Explore'].props, '{}');
    assert.equal(
      remote.exposes['./JobPosts'].props,
      '{ companyId: string; view?: "grid" | "list" | undefined; }',
    );
  });

  it('fails the check: the shell renders the page without the prop it now requires', () => {
    const remote = fixtureRemote([
      ['./Explore', 'Explore'],
      ['./JobPosts', 'JobPosts'],
    ]);
    const shell = { ...readJson('shell-live.json') };
    shell.shared = {
      ...shell.shared,
      '@referio/shared': { version: '1.1.0', requiredVersion: '^1.1.0' },
    };
    const problems = checkCompatibility(shell, remote);
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.match(
      problems[0],
      /mfe_fixture@2\.0\.0 \.\/JobPosts takes props \{ companyId: string; view\?: "grid" \| "list" \| undefined; \}/,
    );
    assert.match(problems[0], /Property 'companyId' is missing/);
  });

  it('accepts compatible changes: an optional prop added, or extra props given', () => {
    assert.deepEqual(
      propsAssignable([
        ['{}', '{ view?: "grid" | "list"; }'],
        ['{ companyId: string; extra: number; }', '{ companyId: string; }'],
        ['{ companyId: string; }', '{ companyId: number; }'],
      ]).map((r) => r === null),
      [true, true, false],
    );
  });
});
