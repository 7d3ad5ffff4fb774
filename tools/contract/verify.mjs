#!/usr/bin/env node
// An app's pipeline step: its freshly built contract against the live site's.
//   node tools/contract/verify.mjs --app mfe-candidate [--live shell=<dir|url>] [--live-base <dir|url>]
//   node tools/contract/verify.mjs --app shell [--live mfe_chat=<dir|url> …]
// A remote is checked against the live shell; the shell against every live remote (tools/contract/check.mjs).
// Where the live contracts are, per app, the first that applies:
//   --live <name>=<source>      a folder holding mf-contract.json, or a URL (of the file or of its folder);
//   --live-base <source>        <source>/<app folder>/ for every app (e.g. a copy of each app's dist);
//   REFERIO_LIVE_BASE           the same, from the environment;
//   the release store           the live release's contract (RELEASE_STORE, else <repo>/.releases; a folder
//                               or s3://…), when the store's pointer names one for the app;
//   the running site            http://localhost:<port>/mf-contract.json, when it answers within a second;
//   <app folder>/dist           the build of this tree, said so in the output (CI on a clean clone);
//   the source of this tree     the contract generated from the app's webpack config without a build.
// Exit 1 with the problems listed when the app would break against what is live.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { apps, appByDir, root } from '../run/apps.mjs';
import { checkCompatibility, checkSite } from './check.mjs';

const require = createRequire(import.meta.url);

/** Reads a contract from a folder, a file or a URL. */
export async function loadContract(source) {
  if (source.startsWith('source:')) return contractFromSource(source.slice('source:'.length));
  if (source.startsWith('store:')) return contractFromStore(source.slice('store:'.length));
  if (/^https?:\/\//.test(source)) {
    const url = source.endsWith('.json') ? source : `${source.replace(/\/$/, '')}/mf-contract.json`;
    const res = await fetch(url, { signal: AbortSignal.timeout(5000), cache: 'no-store' });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return res.json();
  }
  const file = source.endsWith('.json') ? source : path.join(source, 'mf-contract.json');
  return JSON.parse(fs.readFileSync(path.resolve(root, file), 'utf8'));
}

async function answers(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000), cache: 'no-store' });
    return res.ok;
  } catch {
    return false;
  }
}

async function liveSource(app, values) {
  const explicit = (values.live ?? [])
    .map((s) => s.split('='))
    .find(([n]) => n === app.name || n === app.dir);
  if (explicit) return explicit.slice(1).join('=');
  const base = values['live-base'] ?? process.env.REFERIO_LIVE_BASE;
  if (base)
    return /^https?:/.test(base)
      ? `${base.replace(/\/$/, '')}/${app.dir}`
      : path.join(base, app.dir);
  const released = await liveRelease(app.dir);
  if (released) return `store:${app.dir}@${released}`;
  const running = `http://localhost:${app.port}/mf-contract.json`;
  if (await answers(running)) return running;
  if (fs.existsSync(path.join(root, app.dir, 'dist', 'mf-contract.json')))
    return path.join(app.dir, 'dist');
  return `source:${app.dir}`;
}

/** The version the release store's pointer names live for `dir`, or null (no store, or never deployed). */
async function liveRelease(dir) {
  const location = process.env.RELEASE_STORE;
  if (!location && !fs.existsSync(path.join(root, '.releases', 'pointer.json'))) return null;
  const { default: release } = await import('@referio/release');
  const pointer = await release.readPointer(release.openStore(location));
  return pointer.apps?.[dir]?.live ?? null;
}

/** `<dir>@<version>`'s contract as kept in the release store (releases/<dir>/<version>/mf-contract.json). */
async function contractFromStore(ref) {
  const at = ref.lastIndexOf('@');
  const [dir, version] = [ref.slice(0, at), ref.slice(at + 1)];
  const key = `releases/${dir}/${version}/mf-contract.json`;
  const location = process.env.RELEASE_STORE;
  if (location?.startsWith('s3://')) {
    const { default: release } = await import('@referio/release');
    const body = await release.openStore(location).get(key);
    if (!body) throw new Error(`${location} has no ${key}`);
    return JSON.parse(body.toString('utf8'));
  }
  const file = path.join(path.resolve(location || path.join(root, '.releases')), key);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The contract an app's production build would write, generated from its source (no build). */
export function contractFromSource(dir) {
  const { ContractPlugin, buildContract } = require('../build/contract.js');
  const factory = require(path.join(root, dir, 'webpack.config.js'));
  const made = typeof factory === 'function' ? factory({}, { mode: 'production' }) : factory;
  const configs = Array.isArray(made) ? made : [made];
  const plugin = configs.flatMap((c) => c.plugins ?? []).find((p) => p instanceof ContractPlugin);
  if (!plugin) throw new Error(`${dir}/webpack.config.js has no ContractPlugin`);
  return buildContract(plugin.o);
}

async function main() {
  const { values } = parseArgs({
    options: {
      app: { type: 'string' },
      live: { type: 'string', multiple: true },
      'live-base': { type: 'string' },
      // The app's contract from this file instead of its dist/ (tests).
      contract: { type: 'string' },
    },
  });
  if (!values.app) {
    console.error(
      'usage: node tools/contract/verify.mjs --app <shell|mfe-…> [--live name=<dir|url>] [--live-base <dir|url>]',
    );
    process.exit(2);
  }
  const app = appByDir(values.app);
  const ownFile = values.contract
    ? path.resolve(values.contract)
    : path.join(root, app.dir, 'dist', 'mf-contract.json');
  if (!fs.existsSync(ownFile)) {
    console.error(
      `${app.dir}: no dist/mf-contract.json. Build it first: npm run build -w @referio/${app.dir}`,
    );
    process.exit(1);
  }
  const own = JSON.parse(fs.readFileSync(ownFile, 'utf8'));
  const others = app.host ? apps.filter((a) => !a.host) : apps.filter((a) => a.host);
  const live = [];
  for (const other of others) {
    const source = await liveSource(other, values);
    try {
      live.push(await loadContract(source));
      console.log(`contract: ${other.name} live from ${source}`);
    } catch (e) {
      console.error(
        `contract: cannot read ${other.name}'s live contract from ${source}: ${e.message}`,
      );
      process.exit(1);
    }
  }
  const problems = app.host ? checkSite(own, live) : checkCompatibility(live[0], own);
  if (problems.length) {
    console.error(`contract: ${own.name}@${own.version} is NOT compatible with the live site:`);
    for (const p of problems) console.error(`  - ${p}`);
    process.exit(1);
  }
  console.log(
    `contract: ${own.name}@${own.version} is compatible with the live ${app.host ? 'remotes' : 'shell'}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e) => {
    console.error(e.stack || e.message);
    process.exit(1);
  });
}
