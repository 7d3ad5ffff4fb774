import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import {
  STEP_NAMES,
  affectedPackages,
  childCpuSeconds,
  plan,
  runStep,
  stopAll,
} from '../pipeline.mjs';
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

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// A bound that tells "never" from "later": a loaded machine takes seconds to start a shell.
async function until(check, ms = 30_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

test('a stopped run ends each running step and what it started (no server left behind)', async () => {
  const pidFile = path.join(os.tmpdir(), `referio-ci-stop-${process.pid}`);
  fs.rmSync(pidFile, { force: true });
  // A step that starts a long-lived process of its own, as the browser journeys start the stack.
  const step = runStep('root', 'stop-test', [
    'bash',
    '-c',
    `sleep 300 & echo $! > ${pidFile}; wait`,
  ]);
  assert.ok(await until(() => fs.existsSync(pidFile) && fs.readFileSync(pidFile, 'utf8').trim()));
  const server = Number(fs.readFileSync(pidFile, 'utf8'));
  assert.ok(alive(server));
  stopAll('SIGTERM');
  const result = await step;
  assert.equal(result.ok, false);
  assert.ok(await until(() => !alive(server)), 'the process the step started is gone');
  fs.rmSync(pidFile, { force: true });
});

test('a step that outlives its time limit is stopped and failed, with what it started', async () => {
  const pidFile = path.join(os.tmpdir(), `referio-ci-limit-${process.pid}`);
  fs.rmSync(pidFile, { force: true });
  const started = Date.now();
  const result = await runStep(
    'root',
    'limit-test',
    ['bash', '-c', `sleep 300 & echo $! > ${pidFile}; wait`],
    { limitMs: 1000 },
  );
  assert.equal(result.ok, false);
  assert.ok(Date.now() - started < 60_000, 'stopped long before the sleep ends');
  const server = Number(fs.readFileSync(pidFile, 'utf8'));
  assert.ok(await until(() => !alive(server)), 'the process the step started is gone');
  fs.rmSync(pidFile, { force: true });
});

test("a step's CPU time is read from bash's `times` (its children's line)", async () => {
  assert.equal(childCpuSeconds('0m0.002s 0m0.001s\n1m25.400s 0m4.700s\n'), 90);
  assert.equal(childCpuSeconds(''), null);
  const step = await runStep('root', 'cpu-test', [
    'node',
    '-e',
    // 1.5 s of CPU (user + system: the loop's own getrusage calls are system time, most of it on some
    // machines), however long that takes on a busy machine
    'for (let u = process.cpuUsage(); u.user + u.system < 1.5e6; u = process.cpuUsage());',
  ]);
  assert.equal(step.ok, true);
  assert.ok(step.cpu >= 1 && step.cpu <= 4, `1.5 s of CPU counts 1.5-2 s, got ${step.cpu}`);
});

test("a package's step runs at nice 10 (its autogroup too), the site's at the run's own priority", async () => {
  const probe = ['bash', '-c', 'sleep 0.3; nice; cat /proc/self/autogroup 2>/dev/null || true'];
  assert.equal((await runStep('root', 'nice-test', probe)).ok, true);
  // Relative to this process's own (CI runs this test as a package step, itself at nice 10).
  const base = os.getPriority();
  const log = fs.readFileSync(path.join('.ci-logs', 'root.nice-test.log'), 'utf8');
  assert.equal(Number(log.split('\n')[0]), Math.min(19, base + 10));
  if (fs.existsSync('/proc/self/autogroup')) assert.match(log, /nice 10/);
  assert.equal((await runStep('root', 'site-test', probe, { nice: false })).ok, true);
  const site = fs.readFileSync(path.join('.ci-logs', 'root.site-test.log'), 'utf8');
  assert.equal(Number(site.split('\n')[0]), base);
});
