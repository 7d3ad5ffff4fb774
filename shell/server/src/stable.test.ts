// A remote's stable URLs (stable.ts) on its server over HTTP, from a release store written through @referio/release:
// the live release's manifest and entry with 200 and `no-cache`, every file they name resolved (by the federation
// runtime's own rules) to the release's immutable folder, after a deploy and after a rollback.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type * as Sdk from '@module-federation/sdk' with { 'resolution-mode': 'require' };
import {
  appByDir,
  deploy,
  LocalStore,
  publish,
  releasesDir,
  rollback,
  type Store,
} from '@referio/release';
import type { ServerConfig } from './config';
import { createServer } from './server';
import { versionedEntry, versionedManifest, type Manifest } from './stable';

// The federation runtime's own reading of a manifest (an ES module package with a CommonJS build, for Jest).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sdk = require('@module-federation/sdk') as typeof Sdk;

const APP = 'mfe-public';

/** webpack's 'auto' public path as the production build minifies it (AutoPublicPathRuntimeModule). */
const MINIFIED_AUTO =
  '(()=>{var e;t.g.importScripts&&(e=t.g.location+"");var r=t.g.document;if(!e&&r&&(r.currentScript&&"SCRIPT"===r.currentScript.tagName.toUpperCase()&&(e=r.currentScript.src),!e)){var n=r.getElementsByTagName("script");if(n.length)for(var o=n.length-1;o>-1&&(!e||!/^https?:/.test(e));)e=n[o--].src}if(!e)throw new Error("Automatic publicPath is not supported in this browser");e=e.replace(/^blob:|[?#].*$/g,"").replace(/\\/[^/]+$/,"/"),t.p=e})()';
/** The same, as a development build leaves it. */
const READABLE_AUTO =
  'scriptUrl = scriptUrl.replace(/^blob:|[?#].*$/g, "").replace(/\\/[^/]+$/, "/");\n__webpack_require__.p = scriptUrl;';

const assets = (js: string[], css: string[] = []) => ({
  js: { sync: js, async: [] },
  css: { sync: css, async: [] },
});

/** A remote's build as webpack leaves it (the parts the stable URLs read), `text` making each build its own. */
function makeDist(text: string): string {
  const dist = tmpDir('dist');
  const manifest: Manifest = {
    id: 'mfe_public',
    name: 'mfe_public',
    metaData: {
      name: 'mfe_public',
      globalName: 'mfe_public',
      buildInfo: { buildVersion: '0.1.0', buildName: '@referio/mfe-public' },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      publicPath: 'auto',
    },
    shared: [{ id: 'mfe_public:react', name: 'react', assets: assets(['react.1234abcd.js']) }],
    remotes: [],
    exposes: [
      {
        id: 'mfe_public:Landing',
        name: 'Landing',
        path: './Landing',
        assets: assets(['landing.1234abcd.js'], ['landing.1234abcd.css']),
      },
    ],
  };
  const files: Record<string, string> = {
    'mf-manifest.json': JSON.stringify(manifest),
    'remoteEntry.js': `var mfe_public;${MINIFIED_AUTO};/* ${text} */`,
    'ssr-manifest.json': JSON.stringify({ render: 'ssr/render.1234abcd.js' }),
    'mf-contract.json': JSON.stringify({ name: 'mfe_public', text }),
    'ssr/render.1234abcd.js': `module.exports = ${JSON.stringify(text)};`,
    'react.1234abcd.js': '/* react */',
    'landing.1234abcd.js': `/* ${text} */`,
    'landing.1234abcd.css': '.landing {}',
  };
  for (const [file, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), body);
  }
  return dist;
}

const tmp: string[] = [];
function tmpDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `referio-stable-${prefix}-`));
  tmp.push(dir);
  return dir;
}

async function release(store: Store, text: string): Promise<string> {
  const { record } = await publish(store, {
    app: APP,
    dist: makeDist(text),
    semver: '0.1.0',
    by: 'test',
  });
  return record.version;
}

/** The remote's server over the store `s`, serving `dist`. */
const configOf = (s: LocalStore, dist: string): ServerConfig => ({
  app: appByDir(APP),
  port: 0,
  host: '127.0.0.1',
  dist,
  store: s,
  remotes: null,
  apiUrl: 'http://127.0.0.1:1',
  siteUrl: 'http://localhost:3000',
  secure: false,
  dev: false,
  logRequests: false,
  deadlineMs: 30_000,
  bodyMaxBytes: 1024 * 1024,
  benchHelloDir: null,
});

let store: LocalStore;
let server: FastifyInstance;
let base: string;
let first: string;
let second: string;

beforeAll(async () => {
  store = new LocalStore(tmpDir('store'));
  first = await release(store, 'first');
  second = await release(store, 'second');
  await deploy(store, APP, first, { by: 'test' });
  server = await createServer(configOf(store, releasesDir(store, APP)!));
  await server.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await server?.close();
  tmp.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(new URL(url, base), { headers });

/** Every URL the federation runtime takes from the stable manifest: its entry, then the assets it preloads. */
async function urlsFromStableManifest(): Promise<string[]> {
  const manifestUrl = `${base}/mf-manifest.json`;
  const manifest = (await (await get(manifestUrl)).json()) as Manifest;
  // @ts-expect-error -- the SDK's Manifest type asks for fields the runtime does not read here
  const snapshot = sdk.generateSnapshotFromManifest(manifest, { version: manifestUrl });
  const files = [
    snapshot.remoteEntry,
    ...snapshot.modules.flatMap((m) => [...m.assets.js.sync, ...m.assets.css.sync]),
    ...snapshot.shared.flatMap((s) => s.assets.js.sync),
  ];
  return files.map((f) => sdk.getResourceUrl(snapshot, f));
}

/** The live release as the stable URLs tell it: 200, no-cache, open to any origin, naming `version`'s files. */
async function expectStableUrlsServe(version: string, text: string): Promise<void> {
  for (const file of [
    '/mf-manifest.json',
    '/remoteEntry.js',
    '/ssr-manifest.json',
    '/mf-contract.json',
  ]) {
    const res = await get(file, { origin: 'https://jobs.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-type')).toMatch(
      file.endsWith('.js') ? /^text\/javascript/ : /^application\/json/,
    );
  }
  const v = encodeURI(version);
  expect(await urlsFromStableManifest()).toEqual([
    `${base}/${v}/remoteEntry.js`,
    `${base}/${v}/landing.1234abcd.js`,
    `${base}/${v}/landing.1234abcd.css`,
    `${base}/${v}/react.1234abcd.js`,
  ]);
  for (const url of await urlsFromStableManifest()) {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  }
  // The entry's chunks load from the release's folder: webpack's public path ends with it.
  const entry = await (await get('/remoteEntry.js')).text();
  expect(entry).toContain(`.replace(/\\/[^/]+$/,"/${version}/"),t.p=e`);
  expect(entry).toContain(`/* ${text} */`);
  expect(await (await get('/mf-contract.json')).json()).toEqual({ name: 'mfe_public', text });
  const ssr = (await (await get('/ssr-manifest.json')).json()) as { render: string };
  const render = await get(new URL(ssr.render, `${base}/ssr-manifest.json`).href);
  expect(await render.text()).toBe(`module.exports = ${JSON.stringify(text)};`);
}

describe('the stable URLs of a remote served from the release store', () => {
  it('serve the live release, then the deployed one, then the one rolled back to', async () => {
    await expectStableUrlsServe(first, 'first');
    await deploy(store, APP, second, { by: 'test' });
    await expectStableUrlsServe(second, 'second');
    await rollback(store, APP, { by: 'test' });
    await expectStableUrlsServe(first, 'first');
  });

  it('answer 304 to a client holding the live copy, and 200 once another release is live', async () => {
    await deploy(store, APP, first, { by: 'test' });
    const etag = (await get('/mf-manifest.json')).headers.get('etag')!;
    expect(etag).toContain(first);
    const again = await get('/mf-manifest.json', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    await deploy(store, APP, second, { by: 'test' });
    const moved = await get('/mf-manifest.json', { 'if-none-match': etag });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as Manifest).metaData?.remoteEntry?.path).toBe(second);
  });

  it('answer HEAD as GET, and 404 (not a redirect) for an app with nothing live', async () => {
    const head = await fetch(`${base}/remoteEntry.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe('no-cache');
    const empty = new LocalStore(tmpDir('empty'));
    const bare = await createServer(configOf(empty, empty.dir));
    const res = await bare.inject({ url: '/mf-manifest.json' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('mfe-public: no live release');
    await bare.close();
  });
});

describe('versionedEntry and versionedManifest', () => {
  it("end webpack's automatic public path with the version, minified or not", () => {
    expect(versionedEntry(MINIFIED_AUTO, '1.0.0+ab')).toContain(
      '.replace(/\\/[^/]+$/,"/1.0.0+ab/"),t.p=e',
    );
    expect(versionedEntry(READABLE_AUTO, '1.0.0+ab')).toContain(
      '.replace(/\\/[^/]+$/, "/1.0.0+ab/");\n__webpack_require__.p',
    );
  });

  it('leave an entry with a fixed public path as it is, and refuse one with two automatic ones', () => {
    const fixed = 'var x;__webpack_require__.p = "https://cdn.example/x/";';
    expect(versionedEntry(fixed, '1.0.0+ab')).toBe(fixed);
    expect(() => versionedEntry(`${MINIFIED_AUTO};${MINIFIED_AUTO}`, '1.0.0+ab')).toThrow(
      '2 automatic public paths',
    );
  });

  it('leave a manifest with a fixed public path as it is; keep absolute asset URLs', () => {
    const fixed: Manifest = { metaData: { publicPath: 'https://cdn.example/x/' }, exposes: [] };
    expect(versionedManifest(fixed, '1.0.0+ab')).toBe(fixed);
    const auto = versionedManifest(
      {
        metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: 'js' } },
        exposes: [{ assets: assets(['./a.js', 'https://cdn.example/b.js']) }],
      },
      '1.0.0+ab',
    );
    expect(auto.metaData?.remoteEntry).toEqual({ name: 'remoteEntry.js', path: '1.0.0+ab/js' });
    expect(auto.exposes?.[0]?.assets?.js?.sync).toEqual([
      '1.0.0+ab/a.js',
      'https://cdn.example/b.js',
    ]);
  });
});
