import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../db';
import { serverSecrets } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The key of every HMAC the instances must agree on (one-time codes, the known-device mark,
     * unsubscribe links): SESSION_SECRET, else one kept in the database for all instances.
     */
    serverSecret: Buffer;
  }
}

const SECRET_NAME = 'hmac';

/**
 * SESSION_SECRET when set; else the database's `server_secrets` row, made by the first instance to
 * start (32 random bytes, or the `DATA_DIR/secret` file an older version made, so its links keep
 * working) and read by every other, so a code mailed by one instance verifies on another.
 */
export async function loadServerSecret(
  db: Db,
  sessionSecret: string | undefined,
  dataDir: string,
): Promise<Buffer> {
  if (sessionSecret) return Buffer.from(sessionSecret, 'utf8');
  let candidate: Buffer | null = null;
  try {
    const legacy = fs.readFileSync(path.join(dataDir, 'secret'));
    if (legacy.length >= 32) candidate = legacy;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: candidate ?? randomBytes(32) })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SECRET_NAME));
  if (!row) throw new Error('The server secret could not be stored in the database.');
  return row.value;
}

export default fp(
  async (app) => {
    app.decorate(
      'serverSecret',
      await loadServerSecret(app.db, app.config.SESSION_SECRET, app.config.DATA_DIR),
    );
  },
  { name: 'secret', dependencies: ['config', 'db'] },
);
