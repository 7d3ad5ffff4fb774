import assert from 'node:assert/strict';
import { test } from 'node:test';
import { STEP_NAMES, affectedPackages, plan } from '../pipeline.mjs';
import { apps } from '../../run/apps.mjs';

const every = ['shared', 'release', 'api', ...apps.map((a) => a.dir), 'e2e', 'root'];
const byId = (jobs) => Object.fromEntries(jobs.map((j) => [j.id, j]));

test('CI: every app of the port table is a package of its own, with build and contract', () => {
  const jobs = byId(plan(every, { steps: STEP_NAMES, pg: true, site: true }));
  for (const { dir } of apps) {
    assert.ok(jobs[`${dir} build`], `${dir} is built`);
    assert.ok(jobs.contracts.contracts.includes(dir), `${dir}'s contract is checked`);
    assert.deepEqual(jobs[`${dir} checks`].steps, ['lint', 'format', 'typecheck', 'test']);
  }
});

test('CI: the site waits for every build and the contracts, never for a package test', () => {
  const jobs = plan(every, { steps: STEP_NAMES, pg: true, site: true });
  const site = jobs.find((j) => j.site);
  const builds = jobs.filter((j) => j.id.endsWith(' build')).map((j) => j.id);
  assert.deepEqual([...site.after].sort(), [...builds, 'contracts'].sort());
  // Builds are taken first; the API's two suites are jobs of their own, before the other checks.
  const order = jobs.map((j) => j.id);
  assert.ok(order.indexOf('site') < order.indexOf('api test'));
  assert.ok(order.indexOf('api test') < order.indexOf('shell checks'));
  assert.ok(order.includes('api test:pg'));
  assert.ok(!jobs.find((j) => j.id === 'api checks').steps.includes('test'));
});

test('npm test: the tests only, no builds, no site; no PostgreSQL suite when none answers', () => {
  const jobs = plan(every, { steps: ['test', 'test:pg'], pg: false, site: false });
  assert.ok(jobs.every((j) => !j.site && !j.contracts && !j.id.endsWith(' build')));
  assert.deepEqual(
    jobs.map((j) => j.id),
    ['api test', ...every.filter((p) => !['api', 'e2e'].includes(p)).map((p) => `${p} checks`)],
  );
});

test('the fast gate: the changed packages; everything on a change to shared, the API or the tooling', () => {
  assert.deepEqual(affectedPackages(['mfe-referrer/src/pages/JobPosts/index.tsx']), [
    'mfe-referrer',
  ]);
  assert.deepEqual(affectedPackages(['docs/teams.md', 'mfe-chat/README.md']), ['mfe-chat', 'root']);
  assert.deepEqual(affectedPackages(['mfe-admin/src/App.tsx']), ['mfe-admin']);
  for (const file of [
    'shared/src/index.ts',
    'api/src/app.ts',
    'tools/build/webpack.app.js',
    'package-lock.json',
    'release/src/pointer.ts',
  ])
    assert.deepEqual(affectedPackages([file]), every, file);
});
