#!/usr/bin/env node
// Releases (docs/releases.md): with the site up on a release store of its own, how long from the command to the
// change being live for visitors, N runs each (BENCH_RUNS, default 3), every run shown and the median:
// - release to live: `referio-release publish mfe-chat --dist <build> --deploy` of an already-built variant of the
//   current build (one byte more in remoteEntry.js: a new content hash, so a new version; CI builds once) until
//   the shell's /remotes.json names the new release and its manifest answers;
// - rollback: `referio-release rollback mfe-chat` until /remotes.json names the previous release again.
// The build itself is not part of either (nothing is built to roll back); `npm run build -w @referio/mfe-chat`
// takes its own time (tools/bench/bundle.mjs and CI report it).
// Binds the stack's fixed ports: run it inside a network namespace on a shared machine.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../run/apps.mjs';
import { buildStale, startStack } from '../run/stack.mjs';
import { median, printTable, writeResult } from './common.mjs';

const runs = Number(process.env.BENCH_RUNS || 3);
const cli = path.join(root, 'release', 'bin', 'referio-release.js');

await buildStale({ log: () => {} });
fs.mkdirSync(path.join(root, '.data'), { recursive: true });
const store = fs.mkdtempSync(path.join(root, '.data', 'bench-releases-'));
process.env.RELEASE_STORE = store;

function release(...args) {
  const r = spawnSync(process.execPath, [cli, ...args, '--json', '--by', 'bench'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`referio-release ${args.join(' ')}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** ms from `t0` until the shell hands visitors mfe-chat's `version` (and that manifest answers). */
async function liveAt(version, t0) {
  for (;;) {
    const remotes = await (await fetch('http://localhost:3000/remotes.json')).json();
    const entry = remotes.find((r) => r.name === 'mfe_chat')?.entry ?? '';
    if (entry.includes(`/${version}/`) && (await fetch(entry)).ok) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-bench-releases-'));
const stack = await startStack({ quiet: true, apiEnv: { DATA_DIR: dataDir } });
const releaseSamples = [];
const rollbackSamples = [];
try {
  for (let i = 0; i < runs; i += 1) {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-bench-dist-'));
    fs.cpSync(path.join(root, 'mfe-chat', 'dist'), dist, { recursive: true });
    fs.appendFileSync(path.join(dist, 'remoteEntry.js'), `\n/* bench ${Date.now()} ${i} */\n`);
    const previous = release('status').apps['mfe-chat'].live;
    let t0 = Date.now();
    const { version } = release('publish', 'mfe-chat', '--dist', dist, '--deploy');
    releaseSamples.push(await liveAt(version, t0));
    fs.rmSync(dist, { recursive: true, force: true });

    t0 = Date.now();
    release('rollback', 'mfe-chat', '--note', 'bench');
    rollbackSamples.push(await liveAt(previous, t0));
  }
} finally {
  await stack.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(store, { recursive: true, force: true });
}

const result = {
  runs,
  releaseToLiveMs: median(releaseSamples),
  rollbackMs: median(rollbackSamples),
  releaseSamples,
  rollbackSamples,
};
printTable([
  {
    measure: 'one remote (mfe-chat): publish a built release + deploy → live for visitors',
    'median ms': result.releaseToLiveMs,
    runs: releaseSamples.join(', '),
  },
  {
    measure: 'one remote (mfe-chat): rollback → previous release live for visitors',
    'median ms': result.rollbackMs,
    runs: rollbackSamples.join(', '),
  },
]);
console.log(`→ ${path.relative(root, writeResult('releases', result))}`);
