// Helpers shared by the benchmark scripts: results go to bench/results/<name>.json (git-ignored).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from '../run/apps.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../run/chromium.cjs';

export const resultsDir = path.join(root, 'bench', 'results');

export function writeResult(name, result) {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({ name, at: new Date().toISOString(), ...result }, null, 2),
  );
  return file;
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/**
 * The environment of an API a bench starts on an already seeded database (`dataDir`, `databaseUrl`): loopback,
 * development, no seeding, BENCH_LOG_LEVEL or 'warn'; `extra` adds or overrides variables.
 */
export const benchApiEnv = (dataDir, databaseUrl, extra = {}) => ({
  HOST: '127.0.0.1',
  NODE_ENV: 'development',
  SEED: 'false',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'warn',
  SESSION_SECRET: 'bench-api-secret-bench-api-secret-0000',
  ...extra,
});

/**
 * The seeded bench database's size: JOBS job posts of COMPANIES companies (by default `defaults`:
 * 1,000,000 and 50,000).
 */
export const benchSize = (defaults = { jobs: 1_000_000, companies: 50_000 }) => ({
  jobs: Number(process.env.JOBS || defaults.jobs),
  companies: Number(process.env.COMPANIES || defaults.companies),
});

export function printTable(rows) {
  const cols = Object.keys(rows[0] ?? {});
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (vals) => vals.map((v, i) => String(v).padEnd(widths[i])).join('  ');
  console.log(line(cols));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(cols.map((c) => r[c])));
}

/** Chromium's flags for the benchmarks: the e2e journeys' (tools/run/chromium.cjs), headless. */
export const CHROMIUM_ARGS = ['--headless=new', ...CHROMIUM_FLAGS];
export { CHROMIUM_PATH };

/**
 * Runs `main` when the module at `moduleUrl` is the script node was started with, then exits: 0 when it
 * resolves, 1 (the error printed) when it rejects.
 */
export function runAsScript(moduleUrl, main) {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
