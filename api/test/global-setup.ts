// Once per test run: one migrated database that every test file's fresh database is copied from, instead of
// creating and migrating one per file (PGlite: a dumped data directory, loaded without initdb or migrations;
// PostgreSQL: a template database, copied by CREATE DATABASE … TEMPLATE). The copy is exactly what a fresh
// migrate would give: the same code builds the image at the start of every run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db';
import { IMAGE_ENV, TEMPLATE_ENV, createEmptyPgDatabase } from './databases';

export default async function globalSetup(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({});
    await database.migrate();
    const image = await database.dumpImage!();
    await database.close();
    const file = path.join(os.tmpdir(), `referio-test-image-${process.pid}.tar`);
    fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
    process.env[IMAGE_ENV] = file;
    return;
  }
  const template = await createEmptyPgDatabase(adminUrl);
  const database = await openDatabase({ url: template.url });
  await database.migrate();
  await database.close();
  // No connection stays open to it: CREATE DATABASE … TEMPLATE needs the template to be idle.
  process.env[TEMPLATE_ENV] = template.name;
}
