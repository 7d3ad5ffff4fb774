// Building and starting the whole stack: used by `npm start`, `npm run dev`, the e2e suite and the benchmarks.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { apps, root, API_PORT } from './apps.mjs';
import { waitWhileProgressing } from './progress.mjs';

const IGNORED = new Set(['node_modules', 'dist', '.data', 'coverage', '__tests__', 'test']);

/** Newest modification time of any file under the given paths (tests and build output ignored). */
function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const entry of fs.readdirSync(p)) if (!IGNORED.has(entry)) walk(path.join(p, entry));
    } else if (!/\.test\.tsx?$/.test(p)) {
      newest = Math.max(newest, st.mtimeMs);
    }
  };
  paths.forEach((p) => walk(path.join(root, p)));
  return newest;
}

function builtAt(file) {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs;
  } catch {
    return 0;
  }
}

const common = [
  'tools/build/webpack.app.js',
  'tools/run/apps.mjs',
  'tools/build/federation.js',
  'tsconfig.base.json',
  'package-lock.json',
];

/** The build steps, in dependency order, each with what it reads and what it writes. */
export const buildSteps = [
  {
    name: 'shared contract',
    workspace: '@referio/shared',
    inputs: ['shared/src/contract', 'shared/tsconfig.contract.json'],
    output: 'shared/dist/contract/index.js',
  },
  {
    // Transpiled only (esbuild, a second or two): tsc's half minute of type checking is `npm run typecheck`'s
    // and CI's. So it needs no contract types first; the contract's own build runs beside it.
    name: 'api',
    workspace: '@referio/api',
    command: ['node', 'tools/build/transpile.mjs', 'api'],
    inputs: ['api/src', 'api/drizzle', 'api/tsconfig.build.json', 'tools/build/transpile.mjs'],
    output: 'api/dist/server.js',
  },
  {
    name: 'release',
    workspace: '@referio/release',
    inputs: [
      'release/src',
      'release/package.json',
      'release/tsconfig.json',
      'release/tsconfig.build.json',
    ],
    output: 'release/dist/index.js',
  },
  {
    name: 'shell server',
    workspace: '@referio/shell',
    script: 'build:server',
    inputs: ['shell/server/src', 'shell/server/tsconfig.json', 'shell/server/tsconfig.build.json'],
    output: 'shell/server/dist/serve.js',
  },
  ...apps.map((a) => ({
    name: a.dir,
    workspace: `@referio/${a.dir}`,
    // The shell's browser and render bundles; its server is the step above.
    script: a.host ? 'build:web' : 'build',
    inputs: [
      `${a.dir}/src`,
      `${a.dir}/public`,
      `${a.dir}/webpack.config.js`,
      `${a.dir}/package.json`,
      'shared/src',
      ...common,
    ],
    output: `${a.dir}/dist/mf-manifest.json`,
  })),
];

export function staleSteps() {
  return buildSteps.filter((s) => builtAt(s.output) < newestMtime(s.inputs));
}

export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: opts.quiet ? 'pipe' : 'inherit',
      env: { ...process.env, ...opts.env },
    });
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (out += d));
    child.on('exit', (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}\n${out.slice(-4000)}`)),
    );
  });
}

const npmBuild = (workspace, script = 'build') => [
  'npm',
  'run',
  script,
  '--silent',
  '-w',
  workspace,
];

/** Builds what is stale, two at a time (the machine has two cores), respecting `after`. */
export async function buildStale({ log = console.log, only = () => true } = {}) {
  const todo = staleSteps().filter(only);
  if (todo.length === 0) {
    log('build: everything is up to date');
    return [];
  }
  log(`build: ${todo.map((s) => s.name).join(', ')}`);
  const done = new Set(buildSteps.filter((s) => !todo.includes(s)).map((s) => s.name));
  const pending = [...todo];
  const running = new Set();
  await new Promise((resolve, reject) => {
    const pump = () => {
      if (pending.length === 0 && running.size === 0) return resolve();
      while (running.size < 2) {
        const i = pending.findIndex((s) => (s.after || []).every((d) => done.has(d)));
        if (i < 0) break;
        const step = pending.splice(i, 1)[0];
        const t0 = Date.now();
        running.add(step.name);
        const [cmd, ...args] = step.command ?? npmBuild(step.workspace, step.script);
        run(cmd, args, { quiet: true })
          .then(() => {
            log(`build: ${step.name} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
            running.delete(step.name);
            done.add(step.name);
            pump();
          })
          .catch(reject);
      }
    };
    pump();
  });
  return todo.map((s) => s.name);
}

export async function waitForUrl(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  let last;
  while (Date.now() < until) {
    try {
      const res = await fetch(url, { cache: 'no-store' });
      if (res.ok) return res;
      last = new Error(`${url} answered ${res.status}`);
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Timed out waiting for ${url}: ${last?.message}`);
}

/**
 * Starts a long-running child; its output is prefixed with a label, each line through `format` first (a line
 * it maps to null is dropped).
 */
export function startProcess(label, cmd, args, { env = {}, quiet = false, format } = {}) {
  // A quiet server keeps no pipe to the process that started it: a browser-suite worker that restarts the
  // API exits after a failed test, and an API writing into a pipe nobody reads anymore dies with it.
  const debug = Boolean(process.env.STACK_DEBUG);
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: quiet ? ['ignore', 'ignore', debug ? 'pipe' : 'ignore'] : ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((l) => (format ? format(l) : l))
      .filter((l) => l !== null && l !== undefined)
      .map((l) => `[${label}] ${l}`)
      .join('\n');
  if (!quiet) {
    const print = (write) => (d) => {
      const text = prefix(d);
      if (text) write(text);
    };
    child.stdout.on('data', print(console.log));
    child.stderr.on('data', print(console.error));
  } else if (debug) {
    child.stderr.on('data', (d) => console.error(prefix(d)));
  }
  return child;
}

export function startApi({ env = {}, quiet = false, port = API_PORT, format } = {}) {
  return startProcess('api', process.execPath, ['api/dist/server.js'], {
    env: { PORT: String(port), ...env },
    quiet,
    format,
  });
}

/** REFERIO_DIST_<APP> (e.g. REFERIO_DIST_MFE_CHAT): the build to release for that app instead of <dir>/dist. */
const distEnv = (dir) => `REFERIO_DIST_${dir.toUpperCase().replace(/-/g, '_')}`;

/** The servers of the shell and the remotes (the shell's server, compiled by its build: the `shell server` step). */
export const SERVE = 'shell/server/dist/serve.js';

export function startStatic(dir, { quiet = false, args = [], format } = {}) {
  return startProcess(dir, process.execPath, [SERVE, '--app', dir, ...args], {
    quiet,
    format,
  });
}

/**
 * Keeps every app's current build (its dist/) as a release in the store (RELEASE_STORE, else <repo>/.releases;
 * docs/releases.md) and deploys it when it is new to the store or the app has nothing live. A build that is
 * already a release changes nothing: a deploy or rollback made by hand stays as it was across restarts.
 * The shell goes first (the guard checks the remotes against the live shell). `only` picks the apps (the dev loop:
 * those not on a dev server). Returns what was deployed.
 */
export async function releaseBuilds({ log = console.log, only = () => true } = {}) {
  const { default: release } = await import('@referio/release');
  const store = release.openStore();
  const deployed = [];
  const order = [...apps].sort((x, y) => Number(Boolean(y.host)) - Number(Boolean(x.host)));
  for (const a of order.filter(only)) {
    // The skew test (tools/ci/skew.mjs) names a previous release's build: it is released and deployed like any
    // build, so the servers serve it from the store as they serve every release.
    const dist = process.env[distEnv(a.dir)] || path.join(root, a.dir, 'dist');
    const pkg = JSON.parse(fs.readFileSync(path.join(root, a.dir, 'package.json'), 'utf8'));
    const { status, record } = await release.publish(store, {
      app: a.dir,
      dist,
      semver: pkg.version,
      by: release.whoAmI(),
      commit: null,
    });
    const live = (await release.readPointer(store)).apps[a.dir]?.live;
    if (live === record.version || (live && status === 'unchanged')) continue;
    try {
      await release.deploy(store, a.dir, record.version, {
        note: live ? 'npm start: the local build' : 'npm start: first release',
      });
      deployed.push(`${a.dir} ${record.version}`);
    } catch (err) {
      log(`release: ${a.dir} ${record.version} not deployed: ${err.message}`);
    }
  }
  if (deployed.length) log(`release: deployed ${deployed.join(', ')} (${store.location})`);
  return deployed;
}

/**
 * Starts the API and every app from the release store (their builds released first); resolves when all answer.
 * No fixed limit: each server may take as long as it keeps working (a first start migrates the database; see
 * progress.mjs); one that exits or does nothing for a long while fails the start.
 */
export async function startStack({ quiet = false, apiEnv = {} } = {}) {
  await releaseBuilds({ log: quiet ? () => {} : console.log });
  const children = { api: startApi({ env: apiEnv, quiet }) };
  for (const a of apps) children[a.dir] = startStatic(a.dir, { quiet });
  const stop = async () => {
    await Promise.all(
      Object.values(children).map(
        (c) =>
          new Promise((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            c.once('exit', resolve);
            c.kill('SIGTERM');
          }),
      ),
    );
  };
  const log = quiet ? () => {} : console.log;
  try {
    await Promise.all([
      waitWhileProgressing(`http://localhost:${API_PORT}/api/health`, children.api, {
        label: 'the API (a first start migrates and seeds its database)',
        log,
      }),
      ...apps.map((a) =>
        waitWhileProgressing(
          `http://localhost:${a.port}/${a.host ? '' : 'mf-manifest.json'}`,
          children[a.dir],
          // Quiet: seconds, where the API's migration takes minutes (its own lines say the wait goes on).
          { label: a.dir, log: () => {} },
        ),
      ),
    ]);
  } catch (e) {
    await stop();
    throw e;
  }
  return { children, stop };
}
