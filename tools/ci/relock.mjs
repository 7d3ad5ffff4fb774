#!/usr/bin/env node
// Brings every platform's optional packages into package-lock.json, keeping every locked version: npm resolves
// the lockfile again in a copy of the package.json files with no node_modules (from a real node_modules it
// keeps only this machine's binaries), and the result replaces the lockfile. Then the check of
// tools/ci/lockfile.mjs. Run after adding dependencies; commit the lockfile.
//   node tools/ci/relock.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { missingOptionalPackages } from './lockfile.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const rootPkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-relock-'));
try {
  for (const file of ['package.json', 'package-lock.json', '.npmrc']) {
    if (fs.existsSync(path.join(root, file)))
      fs.copyFileSync(path.join(root, file), path.join(tmp, file));
  }
  for (const ws of rootPkg.workspaces) {
    fs.mkdirSync(path.join(tmp, ws), { recursive: true });
    fs.copyFileSync(path.join(root, ws, 'package.json'), path.join(tmp, ws, 'package.json'));
  }
  execFileSync(
    'npm',
    ['install', '--package-lock-only', '--no-audit', '--no-fund', '--ignore-scripts'],
    {
      cwd: tmp,
      stdio: 'inherit',
    },
  );
  const lock = JSON.parse(fs.readFileSync(path.join(tmp, 'package-lock.json'), 'utf8'));
  const missing = missingOptionalPackages(lock);
  if (missing.length) throw new Error(`still missing: ${missing.join(', ')}`);
  fs.copyFileSync(path.join(tmp, 'package-lock.json'), path.join(root, 'package-lock.json'));
  console.log("relock: package-lock.json holds every platform's optional packages");
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
