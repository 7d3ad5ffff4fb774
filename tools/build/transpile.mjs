#!/usr/bin/env node
// `node tools/build/transpile.mjs api`: the API's src/ as CommonJS in dist/, file for file, as `tsc -p
// tsconfig.build.json` writes it, but transpiled only (esbuild: about a second instead of half a minute of tsc).
// `npm start` builds the API this way; the types are checked by `npm run typecheck` and CI's build step (tsc).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { root } from '../run/apps.mjs';

/** Every TypeScript source file under `dir`, tests left out. */
function sources(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

export async function transpile(pkg) {
  const src = path.join(root, pkg, 'src');
  const outdir = path.join(root, pkg, 'dist');
  // From an empty dist/: a module that moved (plugins/events.ts to plugins/events/index.ts) must not leave its
  // old file behind, where require('./plugins/events') would still find it first.
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: sources(src),
    outbase: src,
    outdir,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
}

const [pkg] = process.argv.slice(2);
if (pkg) await transpile(pkg);
