// The API as the benchmarks load or start it: its folder, a `require` that resolves from it (its
// dependencies, node-postgres among them, and its dist/), and its build brought up to date first.
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../../run/apps.mjs';
import { run, staleSteps } from '../../run/stack.mjs';

export const apiDir = path.join(root, 'api');

/** `require` from the api package: its dependencies and its built modules (`dist/…`). */
export const apiRequire = createRequire(path.join(apiDir, 'package.json'));

/** node-postgres's Client, the API's own copy. */
export const pgClient = () => apiRequire('pg').Client;

/** Builds the API (and the contract it requires) when either build is missing or older than its sources. */
export async function buildApi() {
  for (const step of staleSteps().filter((s) => ['shared contract', 'api'].includes(s.name))) {
    const t0 = Date.now();
    await run('npm', ['run', 'build', '--silent', '-w', step.workspace], { quiet: true });
    console.log(`build: ${step.name} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
}
