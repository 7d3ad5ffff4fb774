import fs from 'node:fs';
import { Client } from 'pg';
import { IMAGE_ENV, TEMPLATE_ENV } from './databases';
import { closeAllEngines } from './pglite-engine';

export default async function globalTeardown(): Promise<void> {
  // With --runInBand the test files ran in this process: their PGlite engines would keep it alive.
  await closeAllEngines();
  const image = process.env[IMAGE_ENV];
  if (image) fs.rmSync(image, { force: true });
  const template = process.env[TEMPLATE_ENV];
  const adminUrl = process.env.DATABASE_URL;
  if (template && adminUrl) {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    await admin.end();
  }
}
