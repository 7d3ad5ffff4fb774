#!/usr/bin/env node
// The committed lockfile installs on every platform (`npm ci` on Linux, macOS and Windows): every optional
// dependency a locked package declares (the platform binaries of esbuild, nx, @parcel/watcher, rspack, …) must
// be locked too. npm leaves them out when a lockfile is updated from one machine's node_modules; `npm ci` on
// another platform then fails. Exit 1 naming the missing ones.
//   node tools/ci/lockfile.mjs [path/to/package-lock.json]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `dep (from location)` for every optional dependency the lockfile declares but does not hold. */
export function missingOptionalPackages(lock) {
  const packages = lock.packages ?? {};
  const missing = [];
  for (const [location, entry] of Object.entries(packages)) {
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
      // Node's resolution: <location>/node_modules/<dep>, then each enclosing node_modules, then the root's.
      let base = location;
      let found = false;
      for (;;) {
        if (packages[`${base ? `${base}/` : ''}node_modules/${dep}`]) {
          found = true;
          break;
        }
        if (!base) break;
        const i = base.lastIndexOf('/node_modules/');
        base = i < 0 ? '' : base.slice(0, i);
      }
      if (!found) missing.push(`${dep} (from ${location || 'the root'})`);
    }
  }
  return missing;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const file = path.resolve(process.argv[2] ?? path.join(root, 'package-lock.json'));
  const missing = missingOptionalPackages(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (missing.length) {
    console.error(`lockfile: ${missing.length} optional packages are declared but not locked:`);
    for (const m of missing) console.error(`  - ${m}`);
    console.error('Regenerate the lockfile as tools/README.md ("Reproducible installs") says.');
    process.exit(1);
  }
  console.log(`lockfile: every optional package is locked (${path.relative(root, file)})`);
}
