#!/usr/bin/env node
// CI per team: lint, format, typecheck, tests, build and the contract check of each package as steps of their
// own, two packages at a time (the machine has two cores). A red step never stops another package's steps (a
// package's contract check waits for its build only); at the end one table: package, each step's result and
// time. Then the site's steps (bundle budget, browser journeys, the dev loop's browser test, the skew test
// against the previous release) run once every build passed.
//   node tools/ci/pipeline.mjs                 every package, then the site
//   node tools/ci/pipeline.mjs --since <ref>   the fast gate: the packages changed since <ref> (git diff), all
//                                              of them on a change to shared, api or the tooling; no site steps
//   node tools/ci/pipeline.mjs --only a,b      these packages (then no site steps unless --site)
// Each step's output goes to .ci-logs/<package>.<step>.log and is printed in full when the step fails.
// Exit 0 only when every step that ran passed.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { apps } from '../run/apps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const LOGS = path.join(root, '.ci-logs');
const JOBS = Math.max(1, Number(process.env.CI_JOBS || 2));
/**
 * A step still running after this long is stopped and failed, so a hang (a suite whose open handle keeps jest
 * from exiting) fails that step with its log instead of using up the whole CI budget with nothing printed. The
 * slowest steps, the API's suites, take 10-13 min on a busy 2-core box, and took 31 min on a slow VM.
 */
const STEP_LIMIT_MS = Number(process.env.CI_STEP_LIMIT_MINUTES || 60) * 60_000;

/** The packages and their steps; `root` is everything outside a package (tools, docs, configs). */
const APPS = apps.map((a) => a.dir);
const PACKAGES = ['shared', 'release', 'api', ...APPS, 'e2e', 'root'];
export const STEP_NAMES = ['lint', 'format', 'typecheck', 'test', 'test:pg', 'build', 'contract'];

/** Files outside the packages whose change can break any package: everything runs. */
const EVERYTHING = [
  /^shared\//,
  /^api\//,
  /^release\//,
  /^tools\/(build|run|test|ci|contract)\//,
  /^\.ci\//,
  /^package(-lock)?\.json$/,
  /^tsconfig\.base\.json$/,
  /^eslint\.config\.mjs$/,
  /^lerna\.json$/,
  /^\.prettier/,
];

const npm = (...args) => ['npm', ...args];
const ws = (pkg) => `@referio/${pkg}`;

function rootFormatPaths() {
  const skip = new Set([...PACKAGES, 'node_modules', '.git']);
  return fs
    .readdirSync(root)
    .filter((f) => !skip.has(f) && (!f.startsWith('.') || f === '.prettierrc.json'));
}

/** The commands of one package's steps (absent: the step does not apply). */
function stepsOf(pkg, { pg }) {
  if (pkg === 'root') {
    return {
      lint: ['npx', 'eslint', 'tools', 'eslint.config.mjs', '--max-warnings', '0'],
      format: ['npx', 'prettier', '--check', ...rootFormatPaths()],
      test: npm('run', 'test:tools'),
    };
  }
  const steps = {
    lint: ['npx', 'eslint', pkg, '--max-warnings', '0'],
    format: ['npx', 'prettier', '--check', pkg],
    typecheck: npm('run', 'typecheck', '-w', ws(pkg)),
  };
  if (pkg === 'e2e') return steps; // its tests are the site's browser journeys, below
  steps.test = npm('test', '-w', ws(pkg));
  if (pkg === 'api' && pg) steps['test:pg'] = npm('run', 'test:pg', '-w', ws(pkg));
  steps.build = npm('run', 'build', '-w', ws(pkg));
  if (APPS.includes(pkg)) steps.contract = ['node', 'tools/contract/verify.mjs', '--app', pkg];
  if (pkg === 'shared') steps.contract = npm('run', 'api:check', '-w', ws(pkg));
  return steps;
}

/** The packages a change since `ref` touches (everything on a change to shared, api or the tooling). */
export function affectedPackages(files) {
  if (files.some((f) => EVERYTHING.some((re) => re.test(f)))) return [...PACKAGES];
  const hit = new Set();
  for (const f of files) {
    const top = f.split('/')[0];
    hit.add(PACKAGES.includes(top) ? top : 'root');
  }
  return PACKAGES.filter((p) => hit.has(p));
}

function changedSince(ref) {
  const out = (args) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  const base = out(['merge-base', ref, 'HEAD'])[0];
  return [
    ...new Set([
      ...out(['diff', '--name-only', `${base}`, 'HEAD']),
      ...out(['diff', '--name-only', 'HEAD']),
      ...out(['ls-files', '--others', '--exclude-standard']),
    ]),
  ];
}

/** The running steps' process groups: a stopped run (Ctrl-C, a CI timeout) ends them and what they started. */
const groups = new Set();

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

export function stopAll(signal) {
  for (const pid of groups) signalGroup(pid, signal);
}

/** Stops one step's process group: SIGTERM, then SIGKILL for what is left 5 s later. */
function stopGroup(pid) {
  signalGroup(pid, 'SIGTERM');
  setTimeout(() => signalGroup(pid, 'SIGKILL'), 5000).unref();
}

/** Set once the run is stopped: no step starts after that. */
let stopping = false;

function onStop(signal) {
  stopping = true;
  console.log(`\n=== ${signal}: stopping ${groups.size} running step(s) and what they started`);
  stopAll('SIGTERM');
  // The stack's servers get 5 s to close; then whatever is left of each group is killed.
  setTimeout(() => {
    stopAll('SIGKILL');
    process.exit(signal === 'SIGINT' ? 130 : 143);
  }, 5000).unref();
}

/** CPU seconds (user + system) of a step's processes, from bash's `times` (its second line: the children). */
export function childCpuSeconds(times) {
  const line = times.trim().split('\n')[1];
  if (!line) return null;
  const secs = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return secs.length === 2 ? Math.round(secs[0] + secs[1]) : null;
}

/** The machine's CPU time so far, busy and in all, from /proc/stat (null where there is none). */
function machineCpu() {
  try {
    const f = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const idle = f[3] + (f[4] || 0);
    const all = f.reduce((a, b) => a + b, 0);
    return { busy: all - idle, all };
  } catch {
    return null;
  }
}

export function runStep(
  pkg,
  step,
  cmd,
  { live = false, env = {}, nice = !live, limitMs = STEP_LIMIT_MS } = {},
) {
  const log = path.join(LOGS, `${pkg}.${step.replace(':', '-')}.log`);
  const t0 = Date.now();
  fs.mkdirSync(LOGS, { recursive: true });
  if (stopping) return Promise.resolve({ ok: false, secs: 0, cpu: 0 });
  return new Promise((resolve) => {
    const out = fs.openSync(log, 'w');
    // Each step leads a process group of its own (detached): the servers a step starts (the browser
    // journeys' stack) are in it, so stopping the run stops them too instead of leaving them on their ports.
    // Through bash, whose `times` gives the CPU time of everything the step ran (waited for) on fd 3.
    // A package's steps run at a lower priority than the site's (nice 10, from the first process on): the
    // browser journeys and the bundle budget's measurements run beside the API's suites and get the CPU first.
    const wrapped = ['bash', '-c', '"$@"; rc=$?; times >&3; exit $rc', pkg, ...cmd];
    const child = spawn(
      nice ? 'nice' : wrapped[0],
      nice ? ['-n', '10', ...wrapped] : wrapped.slice(1),
      {
        cwd: root,
        env: { ...process.env, ...env },
        detached: true,
        stdio: [
          live ? 'inherit' : 'ignore',
          live ? 'inherit' : out,
          live ? 'inherit' : out,
          'pipe',
        ],
      },
    );
    if (child.pid) groups.add(child.pid);
    let times = '';
    child.stdio[3]?.on('data', (d) => (times += d));
    // A session of its own is an autogroup of its own (Linux): the scheduler shares the CPU between autogroups
    // first, by the autogroup's nice value, so the processes' nice alone would change nothing against the site.
    if (nice && child.pid && fs.existsSync(`/proc/${child.pid}/autogroup`)) {
      try {
        fs.writeFileSync(`/proc/${child.pid}/autogroup`, '10');
      } catch {
        // not permitted here: the same priority for all
      }
    }
    let timedOut = false;
    const limit = setTimeout(() => {
      timedOut = true;
      stopGroup(child.pid);
    }, limitMs);
    const done = (code) => {
      clearTimeout(limit);
      groups.delete(child.pid);
      fs.closeSync(out);
      const secs = Math.round((Date.now() - t0) / 1000);
      const ok = code === 0;
      const cpu = childCpuSeconds(times);
      const verdict = ok
        ? 'ok'
        : timedOut
          ? `FAILED (stopped after ${Math.round(limitMs / 1000)} s)`
          : 'FAILED';
      console.log(
        `--- ${pkg} ${step}: ${verdict} in ${secs} s, CPU ${cpu ?? '?'} s (${cmd.join(' ')})`,
      );
      if (!ok && !live) process.stdout.write(fs.readFileSync(log, 'utf8'));
      resolve({ ok, secs, cpu });
    };
    child.on('error', () => done(127));
    // 'close', not 'exit': fd 3 (the CPU times) is read to its end.
    child.on('close', (code) => done(code ?? 1));
  });
}

function pgAnswers() {
  try {
    execFileSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', '5432'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function cell(r) {
  if (!r) return '';
  if (r.skipped) return `skip (${r.skipped})`;
  return `${r.ok ? 'ok' : 'FAIL'} ${r.secs}s`;
}

export function table(results, packages) {
  const cols = STEP_NAMES.filter((s) => packages.some((p) => results[p]?.[s]));
  const rows = [
    ['package', ...cols, 'total'],
    ...packages.map((p) => [
      p,
      ...cols.map((c) => cell(results[p]?.[c])),
      `${Object.values(results[p] ?? {}).reduce((t, r) => t + (r.secs ?? 0), 0)}s`,
    ]),
  ];
  const cpu = (p) => Object.values(results[p] ?? {}).reduce((t, r) => t + (r.cpu ?? 0), 0);
  rows[0].push('CPU');
  packages.forEach((p, i) => rows[i + 1].push(`${cpu(p)}s`));
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [
    line(rows[0]),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.slice(1).map(line),
  ].join('\n');
}

/**
 * The run as jobs with dependencies, taken in list order as soon as their dependencies are done: the
 * packages' jobs by JOBS workers, the site beside them. Builds first (the site's journeys wait for every
 * build, not for every test), then the site, then the longest tests (the API's, one job per database), then
 * the other packages' checks. A failed build skips what needs it; a failed test stops nothing.
 */
export function plan(packages, { steps, pg, site }) {
  const jobs = [];
  const want = (step) => steps.includes(step);
  const buildable = packages.filter((p) => stepsOf(p, { pg }).build);
  if (want('build'))
    for (const pkg of buildable)
      jobs.push({
        id: `${pkg} build`,
        pkg,
        steps: ['build'],
        after: pkg === 'shared' ? [] : ['shared build'],
      });
  const builds = jobs.map((j) => j.id);
  if (site) jobs.push({ id: 'site', site: true, after: [...builds, 'contracts'] });
  const checks = (pkg) =>
    STEP_NAMES.filter(
      (s) => s !== 'build' && s !== 'contract' && want(s) && stepsOf(pkg, { pg })[s],
    );
  const first = (pkg) => (want('build') && pkg !== 'shared' ? ['shared build'] : []);
  // The API's two suites are the longest jobs: each a job of its own, started first.
  if (packages.includes('api')) {
    for (const s of ['test', 'test:pg'])
      if (checks('api').includes(s))
        jobs.push({ id: `api ${s}`, pkg: 'api', steps: [s], after: first('api') });
  }
  for (const pkg of packages) {
    const own = checks(pkg).filter((s) => pkg !== 'api' || (s !== 'test' && s !== 'test:pg'));
    if (own.length) jobs.push({ id: `${pkg} checks`, pkg, steps: own, after: first(pkg) });
  }
  if (want('contract'))
    jobs.push({
      id: 'contracts',
      contracts: packages.filter((p) => stepsOf(p, { pg }).contract),
      after: builds,
    });
  // The site and the contracts wait for jobs that exist only.
  const ids = new Set(jobs.map((j) => j.id));
  for (const j of jobs) j.after = j.after.filter((d) => ids.has(d));
  // Contracts before the site in the list (the site waits for them), right after the builds.
  const order = (j) => (j.id.endsWith(' build') ? 0 : j.id === 'contracts' ? 1 : j.site ? 2 : 3);
  return jobs.sort((a, b) => order(a) - order(b));
}

/**
 * The browser journeys in CI_E2E_SHARDS shards (default 1), each with a stack of its own on the standard
 * ports: the first in this network namespace, each other one in a namespace of its own (`ip netns`, root
 * only; PostgreSQL through its Unix socket there). Without namespaces: one shard. Each shard's output is
 * printed when all are done.
 */
const E2E_SHARDS = Math.max(1, Number(process.env.CI_E2E_SHARDS || 1));
const PG_SOCKET = '/var/run/postgresql';

function netns(name) {
  try {
    if (process.getuid?.() !== 0) return null;
    execFileSync('ip', ['netns', 'add', name], { stdio: 'ignore' });
  } catch {
    // exists already, or no namespaces here (checked below)
  }
  const up = () =>
    execFileSync('ip', ['netns', 'exec', name, 'ip', 'link', 'set', 'lo', 'up'], { stdio: 'pipe' });
  try {
    up();
    return name;
  } catch {
    // A name left by an earlier run can point at a namespace that is gone: made again once.
  }
  try {
    execFileSync('ip', ['netns', 'del', name], { stdio: 'ignore' });
    execFileSync('ip', ['netns', 'add', name], { stdio: 'ignore' });
    up();
    return name;
  } catch (e) {
    console.log(`browser journeys: no network namespace ${name} (${e.message.split('\n')[0]})`);
    return null;
  }
}

export async function browserJourneys(files = []) {
  const journeys = npm('test', '-w', '@referio/e2e', '--', ...files);
  const spaces = [null];
  for (let i = 2; i <= E2E_SHARDS; i++) {
    const ns = netns(`referio-ci-e2e-${i}`);
    if (!ns) break;
    spaces.push(ns);
  }
  if (spaces.length === 1) return runStep('site', 'browser-journeys', journeys, { live: true });
  const n = spaces.length;
  console.log(
    `browser journeys: ${n} shards, each with its own stack (${spaces.slice(1).join(', ')})`,
  );
  const pgInNs = fs.existsSync(path.join(PG_SOCKET, '.s.PGSQL.5432'))
    ? { PG_ADMIN_URL: `postgres://postgres@localhost/postgres?host=${PG_SOCKET}` }
    : {};
  const t0 = Date.now();
  const shards = await Promise.all(
    spaces.map((ns, i) =>
      runStep(
        'site',
        `browser-journeys-${i + 1}`,
        [...(ns ? ['ip', 'netns', 'exec', ns] : []), ...journeys, `--shard=${i + 1}/${n}`],
        {
          nice: false,
          env: { E2E_OUTPUT_DIR: `test-results/shard-${i + 1}`, ...(ns ? pgInNs : {}) },
        },
      ),
    ),
  );
  shards.forEach((r, i) => {
    if (!r.ok) return; // a failed step's log was printed already
    console.log(`\n--- browser journeys, shard ${i + 1}/${n}`);
    process.stdout.write(
      fs.readFileSync(path.join(LOGS, `site.browser-journeys-${i + 1}.log`), 'utf8'),
    );
  });
  return {
    ok: shards.every((r) => r.ok),
    secs: Math.round((Date.now() - t0) / 1000),
    cpu: shards.reduce((t, r) => t + (r.cpu ?? 0), 0),
  };
}

const SITE_STEPS = [
  // The bundle budget starts the stack on the standard ports, so it runs before the browser journeys.
  ['bundle budget', ['node', 'tools/bench/bundle.mjs', '--check']],
  ['browser journeys', browserJourneys],
  // The dev loop: one remote and the shell on dev servers, an edit keeps the typed text (Fast Refresh).
  ['dev loop', npm('run', 'test:dev', '-w', '@referio/e2e')],
  // The smoke journeys with the remotes at HEAD in the previous shell, and the reverse (tools/ci/skew.mjs).
  ['skew', ['node', 'tools/ci/skew.mjs']],
];

async function main() {
  const { values } = parseArgs({
    options: {
      since: { type: 'string' },
      only: { type: 'string' },
      steps: { type: 'string' },
      all: { type: 'boolean' },
      site: { type: 'boolean' },
    },
  });
  fs.mkdirSync(LOGS, { recursive: true });
  process.on('SIGINT', () => onStop('SIGINT'));
  process.on('SIGTERM', () => onStop('SIGTERM'));
  const t0 = Date.now();
  const cpu0 = machineCpu();
  let packages = [...PACKAGES];
  // `--all`: every step and the site (CI); `--steps a,b`: these steps only (npm test: the tests).
  const steps =
    values.steps && !values.all ? values.steps.split(',').map((s) => s.trim()) : STEP_NAMES;
  for (const s of steps) if (!STEP_NAMES.includes(s)) throw new Error(`unknown step ${s}`);
  let site = Boolean(values.all || values.site);
  if (values.since) {
    const files = changedSince(values.since);
    packages = affectedPackages(files);
    site = Boolean(values.site);
    console.log(
      `=== fast gate: ${files.length} files changed since ${values.since}: ${packages.join(', ') || 'nothing to check'}`,
    );
  } else if (values.only) {
    packages = values.only.split(',').map((s) => s.trim());
    for (const p of packages) if (!PACKAGES.includes(p)) throw new Error(`unknown package ${p}`);
    site = Boolean(values.site);
  }
  const pg = packages.includes('api') && steps.includes('test:pg') && pgAnswers();
  if (packages.includes('api') && steps.includes('test:pg') && !pg)
    console.log('=== no PostgreSQL answers on 127.0.0.1:5432: the API tests run on PGlite only');

  const results = {};
  const record = (pkg, step, r) => ((results[pkg] ??= {})[step] = r);
  const siteResults = [];

  // shared's contract build (shared/dist/contract) is an input of every typecheck and of the API, and the
  // release package's build of the contract check and its tests (tools/contract reads the store through it): a
  // run without the build step (npm test on a fresh clone) still makes them, first (not steps of the table then).
  if (!steps.includes('build') && packages.length) {
    const inputs = packages.some((p) => p !== 'root') ? ['shared', 'release'] : ['release'];
    for (const pkg of inputs) {
      const r = await runStep(pkg, 'build', stepsOf(pkg, { pg }).build);
      if (!r.ok) process.exit(1);
    }
  }

  const jobs = plan(packages, { steps, pg, site });
  const state = new Map(jobs.map((j) => [j.id, 'waiting']));
  const failedBuilds = () =>
    Object.entries(results)
      .filter(([, r]) => r.build && !r.build.ok)
      .map(([p]) => p);

  async function runJob(job) {
    if (job.contracts) {
      // A remote is checked against the live shell, the shell against the remotes: after every build.
      for (const pkg of job.contracts) {
        if (results[pkg]?.build && !results[pkg].build.ok)
          record(pkg, 'contract', { skipped: 'no build' });
        else record(pkg, 'contract', await runStep(pkg, 'contract', stepsOf(pkg, { pg }).contract));
      }
      return;
    }
    if (job.site) {
      for (const [name, cmd] of SITE_STEPS) {
        const broken = failedBuilds();
        if (broken.length) {
          siteResults.push([name, { skipped: `build failed: ${broken.join(', ')}` }]);
          continue;
        }
        console.log(`\n=== site: ${name}`);
        siteResults.push([
          name,
          typeof cmd === 'function'
            ? await cmd()
            : await runStep('site', name.replace(' ', '-'), cmd, { live: true }),
        ]);
      }
      return;
    }
    const cmds = stepsOf(job.pkg, { pg });
    for (const step of job.steps) record(job.pkg, step, await runStep(job.pkg, step, cmds[step]));
  }

  // JOBS workers for the packages' jobs; each takes the first waiting job whose dependencies are done. The
  // site runs beside them, not in a worker: its journeys keep about one core busy of two (the browser waits
  // on the servers), and the API's two suites, both at nice 10, take what they leave.
  await new Promise((resolve) => {
    let working = 0;
    let active = 0;
    const next = () => {
      const ready = jobs.filter(
        (j) => state.get(j.id) === 'waiting' && j.after.every((d) => state.get(d) === 'done'),
      );
      for (const job of ready) {
        const worker = !job.site;
        if (worker && working >= JOBS) continue;
        if (worker) working++;
        active++;
        state.set(job.id, 'running');
        runJob(job).then(() => {
          state.set(job.id, 'done');
          if (worker) working--;
          active--;
          next();
        });
      }
      if (active === 0) resolve();
    };
    next();
  });

  const shown = PACKAGES.filter((p) => results[p]);
  console.log(
    `\n=== CI per package (${Math.round((Date.now() - t0) / 1000)} s; logs in .ci-logs/)`,
  );
  console.log(table(results, shown));
  for (const [name, r] of siteResults)
    console.log(`site ${name}: ${cell(r)}${r.cpu != null ? `, CPU ${r.cpu}s` : ''}`);
  const cpu1 = machineCpu();
  if (cpu0 && cpu1) {
    const busy = (cpu1.busy - cpu0.busy) / (cpu1.all - cpu0.all);
    console.log(
      `The machine's ${os.cpus().length} cores were ${Math.round(busy * 100)} % busy during the run.`,
    );
  }
  const failed = [
    ...shown.flatMap((p) =>
      Object.entries(results[p])
        .filter(([, r]) => !r.skipped && !r.ok)
        .map(([s]) => `${p} ${s}`),
    ),
    ...siteResults.filter(([, r]) => r.skipped || !r.ok).map(([n]) => `site ${n}`),
  ];
  if (failed.length) {
    console.log(`\nFAILED: ${failed.join(', ')}`);
    process.exit(1);
  }
  console.log('\nall steps passed');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e) => {
    console.error(e.stack || e.message);
    process.exit(1);
  });
}
