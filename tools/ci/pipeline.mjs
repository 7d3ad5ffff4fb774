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
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const LOGS = path.join(root, '.ci-logs');
const JOBS = Math.max(1, Number(process.env.CI_JOBS || 2));

/** The packages and their steps; `root` is everything outside a package (tools, docs, configs). */
const APPS = ['shell', 'mfe-public', 'mfe-candidate', 'mfe-referrer', 'mfe-chat'];
const PACKAGES = ['shared', 'api', ...APPS, 'e2e', 'root'];
export const STEP_NAMES = ['lint', 'format', 'typecheck', 'test', 'test:pg', 'build', 'contract'];

/** Files outside the packages whose change can break any package: everything runs. */
const EVERYTHING = [
  /^shared\//,
  /^api\//,
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

function runStep(pkg, step, cmd, { live = false } = {}) {
  const log = path.join(LOGS, `${pkg}.${step.replace(':', '-')}.log`);
  const t0 = Date.now();
  return new Promise((resolve) => {
    const out = fs.openSync(log, 'w');
    const child = spawn(cmd[0], cmd.slice(1), {
      cwd: root,
      env: process.env,
      stdio: live ? 'inherit' : ['ignore', out, out],
    });
    const done = (code) => {
      fs.closeSync(out);
      const secs = Math.round((Date.now() - t0) / 1000);
      const ok = code === 0;
      console.log(`--- ${pkg} ${step}: ${ok ? 'ok' : 'FAILED'} in ${secs} s (${cmd.join(' ')})`);
      if (!ok && !live) process.stdout.write(fs.readFileSync(log, 'utf8'));
      resolve({ ok, secs });
    };
    child.on('error', () => done(127));
    child.on('exit', (code) => done(code ?? 1));
  });
}

async function pool(items, n, fn) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(n, queue.length) }, async () => {
      while (queue.length) await fn(queue.shift());
    }),
  );
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
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [
    line(rows[0]),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.slice(1).map(line),
  ].join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: {
      since: { type: 'string' },
      only: { type: 'string' },
      site: { type: 'boolean' },
    },
  });
  fs.mkdirSync(LOGS, { recursive: true });
  const t0 = Date.now();
  let packages = [...PACKAGES];
  let site = true;
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
  const pg = packages.includes('api') && pgAnswers();
  if (packages.includes('api') && !pg)
    console.log('=== no PostgreSQL answers on 127.0.0.1:5432: the API tests run on PGlite only');

  const results = {};
  const record = (pkg, step, r) => ((results[pkg] ??= {})[step] = r);

  // shared's contract build (shared/dist/contract) is an input of every typecheck and of the API: first.
  const needShared = packages.some((p) => p !== 'root');
  if (needShared)
    record('shared', 'build', await runStep('shared', 'build', stepsOf('shared', { pg }).build));

  // Per package: lint, format, typecheck, test, (test:pg), build, in this order; none stops another.
  await pool(packages, JOBS, async (pkg) => {
    const steps = stepsOf(pkg, { pg });
    for (const step of STEP_NAMES) {
      if (step === 'contract' || !steps[step] || results[pkg]?.[step]) continue;
      record(pkg, step, await runStep(pkg, step, steps[step]));
    }
  });
  // Contracts after every build: a remote is checked against the live shell, the shell against the remotes.
  for (const pkg of packages) {
    const cmd = stepsOf(pkg, { pg }).contract;
    if (!cmd) continue;
    if (results[pkg]?.build && !results[pkg].build.ok)
      record(pkg, 'contract', { skipped: 'no build' });
    else record(pkg, 'contract', await runStep(pkg, 'contract', cmd));
  }

  const siteResults = [];
  if (site) {
    const builds = Object.entries(results).filter(([, r]) => r.build && !r.build.ok);
    for (const [name, cmd] of [
      // The bundle budget starts the stack on the standard ports, so it runs before the browser journeys.
      ['bundle budget', ['node', 'tools/bench/bundle.mjs', '--check']],
      ['browser journeys', npm('run', 'test:e2e')],
      // The dev loop: one remote and the shell on dev servers, an edit keeps the typed text (Fast Refresh).
      ['dev loop', npm('run', 'test:dev', '-w', '@referio/e2e')],
      // The smoke journeys with the remotes at HEAD in the previous shell, and the reverse (tools/ci/skew.mjs).
      ['skew', ['node', 'tools/ci/skew.mjs']],
    ]) {
      if (builds.length) {
        siteResults.push([name, { skipped: `build failed: ${builds.map(([p]) => p).join(', ')}` }]);
        continue;
      }
      console.log(`\n=== site: ${name}`);
      siteResults.push([name, await runStep('site', name.replace(' ', '-'), cmd, { live: true })]);
    }
  }

  const shown = PACKAGES.filter((p) => results[p]);
  console.log(
    `\n=== CI per package (${Math.round((Date.now() - t0) / 1000)} s; logs in .ci-logs/)`,
  );
  console.log(table(results, shown));
  for (const [name, r] of siteResults) console.log(`site ${name}: ${cell(r)}`);
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
