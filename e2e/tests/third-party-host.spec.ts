// A host no one here wrote (docs/third-party-hosts.md): a plain page on another origin, bundled by esbuild with
// `@module-federation/enhanced/runtime` (e2e/third-party-host/host.ts), loads mfe-public's subscribe box through
// the remote's stable URL and renders it with its own React, under a Content-Security-Policy that names only the
// remote's origin. The stable URL follows the release pointer: a deploy is seen at the host's next load, a rollback
// too.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { expect, test, type Page } from '@playwright/test';

const repo = path.resolve(__dirname, '..', '..');
const hostDir = path.join(repo, 'e2e', 'third-party-host');
const REMOTE = 'http://localhost:3001';
/** Another origin than the site's and the remote's. */
const HOST = 'http://127.0.0.1:3020';
const HEADING = 'Get new jobs in your inbox';

/** The policy a careful host page sends: its own files, and the remote's origin for what the remote loads. */
const HOST_POLICY = [
  `default-src 'self'`,
  `script-src 'self' ${REMOTE}`,
  `style-src 'self' ${REMOTE}`,
  `connect-src 'self' ${REMOTE}`,
  `img-src 'self' data: ${REMOTE}`,
  `font-src 'self' ${REMOTE}`,
  `object-src 'none'`,
].join('; ');

/** Serves the host page and its bundle on :3020. */
async function serveHost(): Promise<http.Server> {
  const out = await build({
    entryPoints: [path.join(hostDir, 'host.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const script = out.outputFiles[0]!.contents;
  const html = fs.readFileSync(path.join(hostDir, 'index.html'));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', HOST);
    if (url.pathname === '/host.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      return void res.end(script);
    }
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': HOST_POLICY,
    });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(3020, '127.0.0.1', resolve));
  return server;
}

let server: http.Server;
test.beforeAll(async () => {
  server = await serveHost();
});
test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

interface Manifest {
  metaData: { remoteEntry: { path: string } };
  shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
}

/** The live release's manifest from the stable URL, and its version. */
async function liveManifest(page: Page): Promise<{ manifest: Manifest; version: string }> {
  const manifest = (await (
    await page.request.get(`${REMOTE}/mf-manifest.json`)
  ).json()) as Manifest;
  return { manifest, version: manifest.metaData.remoteEntry.path };
}

/** What the page fetched from the remote, and what it complained about. */
function watch(page: Page): { urls: string[]; problems: string[] } {
  const seen = { urls: [] as string[], problems: [] as string[] };
  page.on('request', (r) => {
    if (r.url().startsWith(REMOTE)) seen.urls.push(r.url());
  });
  page.on('pageerror', (e) => seen.problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') seen.problems.push(m.text());
  });
  return seen;
}

/** Opens the host with `entry` as the remote's entry and waits for the subscribe box. */
async function openHost(page: Page, entry: string): Promise<void> {
  const query = new URLSearchParams({ manifest: entry, module: 'mfe_public/SubscribeIsland' });
  await page.goto(`${HOST}/?${query}`);
  await expect(page.locator('html')).toHaveAttribute('data-host', /rendered|failed/, {
    timeout: 30_000,
  });
  await expect(page.locator('#root')).not.toContainText('Could not load');
  await expect(page.getByRole('heading', { name: HEADING })).toBeVisible();
}

for (const [what, file] of [
  ['its stable manifest', 'mf-manifest.json'],
  ['its stable remoteEntry.js', 'remoteEntry.js'],
] as const) {
  test(`a plain host on another origin renders an exposed module through ${what}, with one React`, async ({
    page,
  }) => {
    const { manifest, version } = await liveManifest(page);
    const seen = watch(page);
    await openHost(page, `${REMOTE}/${file}`);

    // It works: React state in the remote's component, rendered by the host's react-dom.
    const email = page.getByLabel('Email for new job alerts');
    await email.fill('partner.visitor@example.com');
    await expect(email).toHaveValue('partner.visitor@example.com');
    expect(seen.problems).toEqual([]);

    // Everything but the stable URL came from the live release's own folder.
    const [stable, ...rest] = seen.urls;
    expect(stable).toBe(`${REMOTE}/${file}`);
    expect(rest.length).toBeGreaterThan(0);
    for (const url of rest)
      expect(url).toMatch(new RegExp(`^${REMOTE}/${version.replace(/[+.]/g, '\\$&')}/`));
    // One React: none of the remote's React files was fetched (the host's copy is the singleton).
    const reactFiles = manifest.shared
      .filter((s) => /^react(-dom)?(\/|$)/.test(s.name))
      .flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async]);
    expect(reactFiles.length).toBeGreaterThan(0);
    const fetched = rest.map((u) => path.basename(new URL(u).pathname));
    expect(fetched.filter((f) => reactFiles.some((r) => path.basename(r) === f))).toEqual([]);
  });
}

/** `referio-release <args> --json` against the suite's store (RELEASE_STORE, set by global-setup). */
async function release<T>(...args: string[]): Promise<T> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(repo, 'release', 'bin', 'referio-release.js'), ...args, '--json', '--by', 'e2e'],
    { cwd: repo, env: process.env },
  );
  return JSON.parse(stdout) as T;
}

/** mfe-public's build with the subscribe box's heading changed, kept as a release (nothing is built). */
async function releaseWithHeading(heading: string): Promise<string> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-e2e-dist-'));
  try {
    fs.cpSync(path.join(repo, 'mfe-public', 'dist'), dist, { recursive: true });
    let changed = 0;
    for (const file of fs.readdirSync(dist, { recursive: true }) as string[]) {
      if (!file.endsWith('.js')) continue;
      const text = fs.readFileSync(path.join(dist, file), 'utf8');
      if (!text.includes(HEADING)) continue;
      fs.writeFileSync(path.join(dist, file), text.replaceAll(HEADING, heading));
      changed++;
    }
    expect(changed, 'the heading is in the build').toBeGreaterThan(0);
    return (await release<{ version: string }>('publish', 'mfe-public', '--dist', dist)).version;
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
}

test('the stable URL follows the pointer: a deploy shows at the host’s next load, a rollback too', async ({
  page,
}) => {
  const before = (await liveManifest(page)).version;
  const next = await releaseWithHeading('New roles in your inbox');
  await release('deploy', 'mfe-public', next, '--note', 'third-party host journey');
  try {
    await page.goto(`${HOST}/`);
    await expect(page.getByRole('heading', { name: 'New roles in your inbox' })).toBeVisible({
      timeout: 30_000,
    });
    expect((await liveManifest(page)).version).toBe(next);
  } finally {
    await release('rollback', 'mfe-public', '--note', 'third-party host journey done');
  }
  expect((await liveManifest(page)).version).toBe(before);
  await openHost(page, `${REMOTE}/mf-manifest.json`);
});
