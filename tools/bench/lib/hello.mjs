// The yardstick the page benchmarks compare with: a bare React 19 "hello world" (createRoot + one <h1>), built by
// the project's webpack in production mode, with an HTML page. bundle.mjs reads its gzip bytes; lighthouse.mjs has
// the shell's own server serve it (REFERIO_BENCH_HELLO_DIR, shell/server/src/static.ts) and measures it beside the
// site's pages in the same run, so every figure is a ratio to a page measured under the same load.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { root } from '../../run/apps.mjs';

const require = createRequire(import.meta.url);

/** The path the shell's server answers the hello world on (only while REFERIO_BENCH_HELLO_DIR is set). */
export const HELLO_PATH = '/__bench/hello/';

/** Builds the hello world into bench/.hello/dist: { dir, gzip } (gzip: its JS, level 9, in bytes). */
export async function buildHelloWorld() {
  const webpack = require('webpack');
  const dir = path.join(root, 'bench', '.hello');
  const dist = path.join(dir, 'dist');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.js'),
    "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\n" +
      "createRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello, world'));\n",
  );
  const stats = await new Promise((resolve, reject) =>
    webpack(
      {
        mode: 'production',
        context: dir,
        entry: './index.js',
        output: { path: dist, filename: 'main.js', publicPath: HELLO_PATH, clean: true },
        resolve: { modules: [path.join(root, 'node_modules')] },
        performance: { hints: false },
      },
      (err, s) =>
        err || s.hasErrors() ? reject(err || new Error(s.toString('errors-only'))) : resolve(s),
    ),
  );
  // The same document shape as the site's: viewport, title, description, lang (Lighthouse scores those too).
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<title>Hello, world</title><meta name="description" content="A bare React 19 page.">' +
      `<script defer src="${HELLO_PATH}main.js"></script></head>` +
      '<body><div id="root"></div></body></html>',
  );
  const files = Object.keys(stats.compilation.assets).filter((f) => f.endsWith('.js'));
  const gzip = files.reduce(
    (n, f) => n + zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length,
    0,
  );
  return { dir: dist, gzip };
}
