// The PostgreSQL database a bench of the search runs on, with the API built: BENCH_PG_URL's (kept, e.g. the one
// api-load seeded), else a fresh `referio_bench_<random>` (dropped by `release`), and a data directory of its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabase } from '../../../api/scripts/pg-admin.mjs';
import { buildStale } from '../../run/stack.mjs';
import { seedBench } from './seed.mjs';

export async function benchDatabase(tmpPrefix) {
  await buildStale({ only: (s) => ['shared contract', 'api'].includes(s.name) });
  const db = process.env.BENCH_PG_URL
    ? { name: new URL(process.env.BENCH_PG_URL).pathname.slice(1), url: process.env.BENCH_PG_URL }
    : await freshDatabase('referio_bench');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
  const release = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (db.drop) await db.drop();
  };
  return { db, dataDir, release };
}

/** benchDatabase with the bench data in it (`jobs` posts of `companies` companies); released if seeding fails. */
export async function seededBenchDatabase(tmpPrefix, { jobs, companies }) {
  const bench = await benchDatabase(tmpPrefix);
  try {
    await seedBench({
      databaseUrl: bench.db.url,
      dataDir: bench.dataDir,
      jobs,
      companies,
      log: console.log,
    });
  } catch (err) {
    await bench.release();
    throw err;
  }
  return bench;
}
