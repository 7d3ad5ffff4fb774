#!/usr/bin/env node
// A shell deploy and rollback (and a canary) under a request loop, in the two layouts of docs/deploy.md, counting
// refused and failed requests (docs/releases.md, "The shell's releases"):
//   node tools/deploy/shell-rollover.mjs [--layout start|haproxy|both] [--json]
// - `start`: one shell server as `npm start` runs it (serve.js --app shell on a folder store: the supervisor);
// - `haproxy`: two such servers behind HAProxy with tools/deploy/haproxy.cfg (HAPROXY_PATH, else haproxy on PATH).
// Each uses a release store of its own in a temporary folder (under .data/) with two shell releases (shell/dist, and a copy with
// one byte more: a release of its own), random free ports, and a stand-in API (the loop's /api/health goes through
// the shell in the `start` layout; the shell is what is released). Needs the shell built (`npm run build -w
// @referio/shell`, and @referio/release). Exits 1 when a request was refused or failed.
// The loop: 4 clients, each asking in turn for /api/health (`start` only), the home page (text/html), /remotes.json and one of the
// shell's hashed files; two on a new connection per request, two on keep-alive connections (a request sent on a
// reused connection just as the server closed it is sent again, as browsers and HAProxy do, and counted apart).
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../run/net.cjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVE = path.join(ROOT, 'shell/server/dist/serve.js');
const RELEASE = path.join(ROOT, 'release/bin/referio-release.js');
export const RELEASE_HEADER = 'referio-shell-release';

export { freePort };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The release command on `storeDir`; its output. */
export function releaseCmd(storeDir, ...args) {
  return execFileSync(
    process.execPath,
    [RELEASE, ...args, '--store', storeDir, '--by', 'rollover'],
    {
      encoding: 'utf8',
    },
  ).trim();
}

/** A store with two shell releases of the current build: [first (deployed), second]. */
export function makeStore() {
  // Inside the repository: a shell release's server render requires the site's packages (node_modules).
  fs.mkdirSync(path.join(ROOT, '.data'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(ROOT, '.data', 'shell-rollover-'));
  const dist = path.join(ROOT, 'shell', 'dist');
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error('no shell build: npm run build -w @referio/shell');
  const variant = path.join(dir, 'variant');
  fs.cpSync(dist, variant, { recursive: true });
  fs.appendFileSync(path.join(variant, 'index.html'), '\n');
  const publish = (d) =>
    JSON.parse(releaseCmd(path.join(dir, 'store'), 'publish', 'shell', '--dist', d, '--json'))
      .version;
  const first = publish(dist);
  const second = publish(variant);
  releaseCmd(path.join(dir, 'store'), 'deploy', 'shell', first, '--note', 'first');
  return { dir, store: path.join(dir, 'store'), first, second };
}

/** A stand-in API: /api/health answers 200. */
export async function startStubApi() {
  const port = await freePort();
  const server = http.createServer((req, res) => {
    res.writeHead(req.url === '/api/health' ? 200 : 404, { 'content-type': 'application/json' });
    res.end('{"status":"ok"}');
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { port, close: () => new Promise((r) => server.close(r)) };
}

/** A child with its output kept (and its JSON lines parsed). */
function startChild(cmd, args, env) {
  const child = spawn(cmd, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.output = '';
  child.events = [];
  child.stdout.on('data', (d) => {
    child.output += d;
    for (const line of String(d).split('\n')) {
      if (line.includes('"event":"shell.')) child.events.push(JSON.parse(line));
    }
  });
  child.stderr.on('data', (d) => (child.output += d));
  return child;
}

const stopChild = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/** One GET: { status, version } or { error: code }. */
export function get(url, { agent = false, accept = '*/*', cookie, retryReused = true } = {}) {
  return new Promise((resolve) => {
    const headers = { accept, ...(cookie ? { cookie } : {}) };
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          version: res.headers[RELEASE_HEADER] ?? null,
          headers: res.headers,
        }),
      );
      res.on('error', (e) => resolve({ error: e.code ?? e.message }));
    });
    req.on('error', (e) => {
      // A keep-alive connection the server closed as this request went out: sent again (Node's documented
      // pattern; browsers do the same for a GET).
      if (retryReused && req.reusedSocket && e.code === 'ECONNRESET')
        return get(url, { agent, accept, cookie, retryReused: false }).then((r) =>
          resolve({ ...r, resent: true }),
        );
      resolve({ error: e.code ?? e.message });
    });
  });
}

/** The shell's hashed files to ask for: one of the build's scripts. */
function assetPath() {
  const html = fs.readFileSync(path.join(ROOT, 'shell', 'dist', 'index.html'), 'utf8');
  const src = html.match(/src="?([^" >]+\.js)"?/)?.[1];
  if (!src) throw new Error('no script in shell/dist/index.html');
  return src.startsWith('/') ? src : `/${src}`;
}

/** The loop: runs until stop(); then its counts. `seen` keeps, per version, the first and last answer time. */
export function requestLoop(base, { clients = 4, withApi = true } = {}) {
  const paths = [
    ...(withApi ? [['/api/health', '*/*']] : []),
    ['/', 'text/html'],
    ['/remotes.json', 'application/json'],
    [assetPath(), '*/*'],
  ];
  const figures = { requests: 0, refused: 0, failed: 0, resent: 0, errors: {}, seen: {} };
  let running = true;
  const one = async (agent) => {
    for (let i = 0; running; i++) {
      const [p, accept] = paths[i % paths.length];
      const r = await get(`${base}${p}`, { agent, accept });
      figures.requests += 1;
      if (r.resent) figures.resent += 1;
      if (r.error === 'ECONNREFUSED') figures.refused += 1;
      else if (r.error || r.status !== 200) figures.failed += 1;
      if (r.error || r.status !== 200) {
        const what = `${p} ${r.error ?? r.status}`;
        figures.errors[what] = (figures.errors[what] ?? 0) + 1;
      }
      if (r.version) {
        const t = Date.now();
        figures.seen[r.version] ??= { first: t, last: t };
        figures.seen[r.version].last = t;
      }
    }
  };
  const loops = Array.from({ length: clients }, (_, i) =>
    one(i % 2 ? new http.Agent({ keepAlive: true, maxSockets: 1 }) : false),
  );
  return {
    figures,
    async stop() {
      running = false;
      await Promise.all(loops);
      return figures;
    },
  };
}

/** Waits until every answer (on new connections) comes from `version`: the handover is over. */
export async function waitForVersion(base, version, { cookie, limitMs = 180_000 } = {}) {
  const t0 = Date.now();
  let streak = 0;
  while (Date.now() - t0 < limitMs) {
    const r = await get(`${base}/remotes.json`, { cookie });
    streak = r.version === version ? streak + 1 : 0;
    if (streak >= 10) return Date.now() - t0;
    await sleep(50);
  }
  throw new Error(`${base} did not answer with ${version} within ${limitMs} ms`);
}

/** The servers of a layout on `store`; resolves when the site answers. */
export async function startLayout(layout, { store, apiPort }) {
  const env = (port) => ({
    PORT: String(port),
    LOG_REQUESTS: 'false',
    API_URL: `http://127.0.0.1:${apiPort}`,
  });
  const shellArgs = ['--app', 'shell', '--store', store, '--host', '127.0.0.1'];
  const servers = [];
  const children = [];
  for (let i = 0; i < (layout === 'haproxy' ? 2 : 1); i++) {
    const port = await freePort();
    servers.push(port);
    children.push(startChild(process.execPath, [SERVE, ...shellArgs], env(port)));
  }
  let base = `http://127.0.0.1:${servers[0]}`;
  if (layout === 'haproxy') {
    const lb = await freePort();
    base = `http://127.0.0.1:${lb}`;
    const haproxy = process.env.HAPROXY_PATH || 'haproxy';
    children.push(
      startChild(haproxy, ['-db', '-f', path.join(ROOT, 'tools/deploy/haproxy.cfg')], {
        LB_BIND: `127.0.0.1:${lb}`,
        API_A: `127.0.0.1:${apiPort}`,
        API_B: `127.0.0.1:${apiPort}`,
        SITE_A: `127.0.0.1:${servers[0]}`,
        SITE_B: `127.0.0.1:${servers[1]}`,
      }),
    );
  }
  const stop = () => Promise.all(children.map(stopChild));
  for (const port of [...servers, ...(layout === 'haproxy' ? [Number(base.split(':')[2])] : [])]) {
    for (;;) {
      const dead = children.find((c) => c.exitCode !== null);
      if (dead) {
        await stop();
        throw new Error(`a server of the ${layout} layout exited:\n${dead.output.slice(-3000)}`);
      }
      const r = await get(`http://127.0.0.1:${port}/robots.txt`);
      if (r.status === 200) break;
      await sleep(200);
    }
  }
  /** The servers' handovers since `t0`, once each server has made one (or after `limitMs`). */
  const handovers = async (t0, limitMs = 180_000) => {
    const since = () =>
      children
        .flatMap((c) => c.events)
        .filter((e) => e.event === 'shell.handover' && Date.parse(e.time) >= t0);
    for (const until = Date.now() + limitMs; since().length < servers.length && Date.now() < until;)
      await sleep(100);
    return since();
  };
  return { base, children, stop, handovers };
}

/**
 * One layout: up on the first release, then under the loop a deploy of the second, a rollback, a canary of the
 * second (its percent at 50: bucket 0 gets it, bucket 99 not) and its abort. The figures of each step.
 */
export async function measureLayout(layout) {
  const { store, first, second, dir } = makeStore();
  const api = await startStubApi();
  const site = await startLayout(layout, { store, apiPort: api.port });
  const out = { layout, steps: [] };
  try {
    // `bucket`: the visitor whose answers say the step is over (the canary's steps: bucket 0, in the canary).
    const step = async (name, command, version, bucket = 99) => {
      // Behind HAProxy /api goes to the API's backend, not through the shell: the API's own failover is
      // scale-out.spec.ts's subject, and here it would only measure the stand-in's health checks on a busy machine.
      const loop = requestLoop(site.base, { withApi: layout === 'start' });
      await sleep(500);
      const t0 = Date.now();
      releaseCmd(store, ...command);
      const commandMs = Date.now() - t0;
      const liveMs = await waitForVersion(site.base, version, {
        cookie: `referio_bucket=${bucket}`,
      });
      // Every server hands over (an abort's new processes come after its visitors already get the live one).
      const handovers = await site.handovers(t0);
      await sleep(1000);
      const f = await loop.stop();
      out.steps.push({
        step: name,
        to: version,
        requests: f.requests,
        refused: f.refused,
        failed: f.failed,
        resent: f.resent,
        errors: f.errors,
        // From the command's end to every new connection answered by the new release.
        handoverMs: commandMs + liveMs,
        servers: handovers.map((e) => ({
          readyMs: e.readyMs,
          drainMs: e.drainMs,
        })),
      });
    };
    await step('deploy', ['deploy', 'shell', second, '--note', 'rollover'], second);
    await step('rollback', ['rollback', 'shell', '--note', 'rollover'], first);
    const canary = ['canary', 'shell', second, '--percent', '50', '--note', 'rollover'];
    await step('canary 50 %', canary, second, 0);
    // Which release each side of the canary gets (several answers each: both servers of a balancer).
    const versionsOf = async (b) => {
      const seen = new Set();
      for (let i = 0; i < 6; i++)
        seen.add(
          (await get(`${site.base}/remotes.json`, { cookie: `referio_bucket=${b}` })).version,
        );
      return [...seen].join(' ');
    };
    out.canary = { bucket0: await versionsOf(0), bucket99: await versionsOf(99) };
    await step('abort canary', ['abort', 'shell', '--note', 'rollover'], first, 0);
  } finally {
    await site.stop();
    await api.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { ...out, first, second };
}

async function main() {
  const args = process.argv.slice(2);
  const which = args[args.indexOf('--layout') + 1] ?? 'both';
  const layouts = args.includes('--layout') && which !== 'both' ? [which] : ['start', 'haproxy'];
  let bad = 0;
  for (const layout of layouts) {
    const result = await measureLayout(layout);
    if (args.includes('--json')) console.log(JSON.stringify(result));
    else {
      console.log(
        `${layout}: canary bucket 0 → ${result.canary.bucket0}, bucket 99 → ${result.canary.bucket99}`,
      );
      for (const s of result.steps)
        console.log(
          `${layout} ${s.step}: ${s.requests} requests, ${s.refused} refused, ${s.failed} failed, ${s.resent} resent; handover ${s.handoverMs} ms; servers ${JSON.stringify(s.servers)}${s.failed || s.refused ? ` ${JSON.stringify(s.errors)}` : ''}`,
        );
    }
    bad += result.steps.reduce((n, s) => n + s.refused + s.failed, 0);
  }
  process.exit(bad ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
