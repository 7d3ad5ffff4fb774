#!/usr/bin/env node
// The skew test: what is live is never one commit. The smoke journeys run twice against mixed versions:
//   1. the remotes at HEAD inside the shell of the previous release;
//   2. the shell at HEAD with the remotes of the previous release.
// Before any browser, the contracts of each mix are checked (tools/contract/check.mjs) where the previous
// release has them.
//   node tools/ci/skew.mjs [--previous <ref>] [--spec tests/public.spec.ts …]
// "The previous release" is built here from git (<ref>: --previous, else CI_BASE_REF, else HEAD~1) into a
// temporary folder with this checkout's node_modules (its own workspaces linked in its place): only the apps
// whose build inputs changed since (their folder, shared, tools/build, the lockfile); for the others HEAD's build
// is the previous one. HEAD's apps must be built (npm run build). The journeys start their
// stack as usual (e2e/support/global-setup.ts), with REFERIO_DIST_<APP> naming the previous builds.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { checkSite } from '../contract/check.mjs';
import { apps } from '../run/apps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// Every app of the port table, the shell first (a new remote is in the test the day it is added).
const APPS = [...apps]
  .sort((a, b) => Number(Boolean(b.host)) - Number(Boolean(a.host)))
  .map((a) => a.dir);
const WORKSPACES = ['shared', 'api', ...APPS, 'e2e'];
export const distEnv = (dir) => `REFERIO_DIST_${dir.toUpperCase().replace(/-/g, '_')}`;

const { values } = parseArgs({
  options: {
    previous: { type: 'string' },
    spec: { type: 'string', multiple: true },
    keep: { type: 'boolean' },
  },
});
const ref = values.previous || process.env.CI_BASE_REF || 'HEAD~1';
// The smoke journeys: the public pages signed out, then sign-up and the dashboard's pages.
const specs = values.spec ?? ['tests/public.spec.ts', 'tests/sign-up-and-dashboard.spec.ts'];
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

function sh(cmd, args, opts = {}) {
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  console.log(
    `skew: ${cmd} ${args.join(' ')}: exit ${r.status} in ${Math.round((Date.now() - t0) / 1000)} s`,
  );
  return r.status === 0;
}

/** The previous release's tree with this checkout's packages, its own workspaces linked in their place. */
function checkoutPrevious(commit) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-previous-'));
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${dir}"`], { cwd: root });
  const modules = path.join(dir, 'node_modules');
  fs.mkdirSync(path.join(modules, '@referio'), { recursive: true });
  for (const entry of fs.readdirSync(path.join(root, 'node_modules'))) {
    if (entry === '@referio') continue;
    fs.symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  for (const ws of WORKSPACES) {
    if (fs.existsSync(path.join(dir, ws)))
      fs.symlinkSync(path.join(dir, ws), path.join(modules, '@referio', ws));
    const own = path.join(root, ws, 'node_modules');
    if (
      fs.existsSync(own) &&
      !fs.existsSync(path.join(dir, ws, 'node_modules')) &&
      fs.existsSync(path.join(dir, ws))
    )
      fs.symlinkSync(own, path.join(dir, ws, 'node_modules'));
  }
  return dir;
}

/** What an app's build is made of besides its own folder: a change there changes every app's build. */
const COMMON_INPUTS = ['shared', 'tools/build', 'package-lock.json', 'tsconfig.base.json'];

/** True when `app`'s build inputs are the same at `commit` and HEAD: its previous build is HEAD's. */
function unchangedSince(commit, app) {
  const r = spawnSync('git', ['diff', '--quiet', commit, 'HEAD', '--', app, ...COMMON_INPUTS], {
    cwd: root,
  });
  return r.status === 0;
}

function readContract(dir) {
  const file = path.join(dir, 'dist', 'mf-contract.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
}

async function main() {
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  try {
    execFileSync('git', ['cat-file', '-e', `${commit}:tools/build/contract.js`], {
      cwd: root,
      stdio: 'ignore',
    });
  } catch {
    // Before contracts the apps required @referio/shared 0.1.0 exactly and the singletons were not strict:
    // the first release with contracts (shared 1.0.0) deploys its shell first. The skew test starts there.
    console.log(
      `skew: the previous release (${ref}) predates mf-contract.json: nothing to compare with yet`,
    );
    return;
  }
  for (const app of APPS) {
    if (!fs.existsSync(path.join(root, app, 'dist', 'mf-manifest.json')))
      throw new Error(`${app} is not built at HEAD: run npm run build first`);
  }
  console.log(`skew: the previous release is ${ref} (${commit.slice(0, 10)})`);
  // An app whose build inputs did not change since the previous release builds to the same output: HEAD's
  // build stands for it. A mix in which nothing differs from HEAD is what the browser journeys just ran.
  const changed = APPS.filter((app) => !unchangedSince(commit, app));
  console.log(
    `skew: changed since ${ref}: ${changed.join(', ') || 'no app'}; the others' previous build is HEAD's`,
  );
  if (!changed.length) return;
  const prev = checkoutPrevious(commit);
  const prevDir = (app) => (changed.includes(app) ? path.join(prev, app) : path.join(root, app));
  const results = [];
  try {
    for (const app of changed) {
      if (!sh('npx', ['webpack', '--mode', 'production'], { cwd: path.join(prev, app) }))
        throw new Error(`the previous release of ${app} does not build`);
    }
    // Contracts first: a mix that cannot work fails here, before any browser.
    const head = Object.fromEntries(APPS.map((a) => [a, readContract(path.join(root, a))]));
    const old = Object.fromEntries(APPS.map((a) => [a, readContract(prevDir(a))]));
    const remotes = APPS.slice(1);
    const mixes = [
      ['remotes at HEAD, shell of the previous release', old.shell, remotes.map((a) => head[a])],
      ['shell at HEAD, remotes of the previous release', head.shell, remotes.map((a) => old[a])],
    ];
    let contractsOk = true;
    for (const [name, shell, rs] of mixes) {
      const problems = checkSite(shell, rs);
      problems.forEach((p) => console.error(`skew: ${name}: ${p}`));
      if (problems.length) contractsOk = false;
    }
    if (!contractsOk) throw new Error('the contracts of a mix do not fit: no journey run');
    const runs = [
      [
        'remotes at HEAD, shell of the previous release',
        { [distEnv('shell')]: path.join(prev, 'shell', 'dist') },
        changed.includes('shell'),
      ],
      [
        'shell at HEAD, remotes of the previous release',
        Object.fromEntries(
          remotes
            .filter((a) => changed.includes(a))
            .map((a) => [distEnv(a), path.join(prev, a, 'dist')]),
        ),
        remotes.some((a) => changed.includes(a)),
      ],
    ];
    for (const [name, env, differs] of runs) {
      if (!differs) {
        console.log(`\n=== skew: ${name}: the same apps as HEAD (the browser journeys ran them)`);
        continue;
      }
      console.log(`\n=== skew: ${name}`);
      const ok = sh('npx', ['playwright', 'test', ...specs], {
        cwd: path.join(root, 'e2e'),
        env: { ...process.env, ...env },
      });
      results.push([name, ok]);
    }
  } finally {
    if (!values.keep) fs.rmSync(prev, { recursive: true, force: true });
  }
  for (const [name, ok] of results) console.log(`skew: ${name}: ${ok ? 'ok' : 'FAILED'}`);
  if (results.some(([, ok]) => !ok)) process.exit(1);
}

main().catch((e) => {
  console.error(`skew: ${e.message}`);
  process.exit(1);
});
