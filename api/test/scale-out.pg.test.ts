// Two API instances on one PostgreSQL database, as in production: every limit holds at its configured value
// across both, files uploaded through one are read through the other (PostgreSQL and S3 storage), a
// code mailed by one verifies on the other without SESSION_SECRET, and a job written through one
// clears the other's cached searches. Each instance has its own pool and its own LISTEN connection.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Pool } from 'pg';
import S3rver from 's3rver';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { ORPHAN_GRACE_MS, sweepOrphanUploads } from '../src/routes/uploads';
import type { ConfigInput } from '../src/config';
import { fileBlobs, files, users } from '../src/db/schema';
import { approvedPair, send } from './chat-support';
import { latestCode, MINUTE, SECOND, setupTestContext, testConfig, validJobBody } from './helper';
import { call, makeUser, PDF, uploadResume, type TestUser } from './market-fixtures';

const ctx = setupTestContext();
const extra: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(extra.splice(0).map((a) => a.close()));
});

/** Instance A (the test file's pool) and B (its own pool and LISTEN client), with the same settings. */
async function twoInstances(
  overrides: ConfigInput = {},
): Promise<[FastifyInstance, FastifyInstance]> {
  const a = await ctx.build(overrides);
  const pool = (ctx.database.db as unknown as { $client: Pool }).$client;
  const url = (pool as unknown as { options: { connectionString: string } }).options
    .connectionString;
  const b = await buildApp(testConfig({ ...overrides, DATABASE_URL: url }), {
    now: ctx.clock.now,
    logger: false,
  });
  extra.push(b);
  await b.ready();
  return [a, b];
}

/** Sends `request` to A, B, A, B, … `times` times; answers the status codes in order. */
async function alternate(
  apps: [FastifyInstance, FastifyInstance],
  times: number,
  request: (app: FastifyInstance, i: number) => Promise<LightMyRequestResponse>,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await request(apps[i % 2]!, i)).statusCode);
  return statuses;
}

const ok = (n: number, status = 200) => Array<number>(n).fill(status);

describe('two API instances on one PostgreSQL', () => {
  it('runs on PostgreSQL', () => {
    expect(ctx.database.kind).toBe('pg');
  });

  describe('each limit holds at its configured value across both instances', () => {
    it('code requests per address (OTP_MAX_PER_HOUR)', async () => {
      const apps = await twoInstances({ OTP_MAX_PER_HOUR: 3, OTP_RESEND_INTERVAL_SECONDS: 0 });
      const statuses = await alternate(apps, 5, (app) =>
        call(app, null, 'POST', '/auth/createUser', { email: 'limit@example.com', roleId: 0 }),
      );
      expect(statuses).toEqual([...ok(3), 429, 429]);
    });

    it('the resend interval (OTP_RESEND_INTERVAL_SECONDS)', async () => {
      const apps = await twoInstances({ OTP_RESEND_INTERVAL_SECONDS: 30 });
      const ask = (app: FastifyInstance) =>
        call(app, null, 'POST', '/auth/login', { email: 'again@example.com', roleId: 0 });
      expect((await ask(apps[0])).statusCode).toBe(200);
      expect((await ask(apps[1])).statusCode).toBe(429);
      ctx.clock.advance(30 * SECOND);
      expect((await ask(apps[1])).statusCode).toBe(200);
    });

    it('code requests per IP, all code routes together (OTP_IP_MAX, rate_limits)', async () => {
      const apps = await twoInstances({ OTP_IP_MAX: 4, OTP_IP_WINDOW_SECONDS: 600 });
      const statuses = await alternate(apps, 6, (app, i) =>
        call(app, null, 'POST', '/auth/createUser', { email: `ip${i}@example.com`, roleId: 0 }),
      );
      expect(statuses).toEqual([...ok(4), 429, 429]);
      // The window passes on both.
      ctx.clock.advance(600 * SECOND);
      expect(
        (await call(apps[1], null, 'POST', '/auth/login', { email: 'ip9@example.com', roleId: 0 }))
          .statusCode,
      ).toBe(200);
    });

    it('chat messages per user (CHAT_MESSAGE_MAX per CHAT_MESSAGE_WINDOW_SECONDS)', async () => {
      const apps = await twoInstances({ CHAT_MESSAGE_MAX: 5, CHAT_MESSAGE_WINDOW_SECONDS: 10 });
      const { candidate, referrer, chatId } = await approvedPair(apps[0]);
      const statuses = await alternate(apps, 7, (app, i) => send(app, candidate, chatId, `m${i}`));
      expect(statuses).toEqual([...ok(5), 429, 429]);
      // Per user: the other member still writes; and the window passes.
      expect((await send(apps[1], referrer, chatId, 'hello')).statusCode).toBe(200);
      ctx.clock.advance(10 * SECOND);
      expect((await send(apps[1], candidate, chatId, 'later')).statusCode).toBe(200);
    });

    it('contact messages per IP (CONTACT_IP_MAX)', async () => {
      const apps = await twoInstances({ CONTACT_IP_MAX: 3, CONTACT_IP_WINDOW_SECONDS: 600 });
      const statuses = await alternate(apps, 5, (app, i) =>
        call(app, null, 'POST', '/contactus/createContactUs', {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: `ada${i}@example.com`,
          phone: '9876543210',
          message: 'Hello there',
        }),
      );
      expect(statuses).toEqual([...ok(3, 201), 429, 429]);
    });

    it('uploads per user (UPLOAD_MAX_PER_HOUR)', async () => {
      const apps = await twoInstances({ UPLOAD_MAX_PER_HOUR: 3, FILE_STORAGE: 'postgres' });
      const user = await makeUser(apps[0], 'up');
      const statuses = await alternate(apps, 5, (app) => uploadResume(app, user));
      expect(statuses).toEqual([...ok(3), 429, 429]);
      ctx.clock.advance(60 * MINUTE);
      expect((await uploadResume(apps[1], user)).statusCode).toBe(200);
    });

    it('newsletter sign-ups per IP (SUBSCRIBE_IP_MAX)', async () => {
      const apps = await twoInstances({ SUBSCRIBE_IP_MAX: 2 });
      const statuses = await alternate(apps, 4, (app, i) =>
        call(app, null, 'POST', '/subscribe/createSubscribe', { email: `n${i}@example.com` }),
      );
      expect(statuses).toEqual([...ok(2, 201), 429, 429]);
    });

    it('holds when both instances are asked at the same moment', async () => {
      const apps = await twoInstances({ CONTACT_IP_MAX: 10 });
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          call(apps[i % 2]!, null, 'POST', '/contactus/createContactUs', {
            firstName: 'Ada',
            lastName: 'Lovelace',
            email: `burst${i}@example.com`,
            phone: '9876543210',
            message: 'Hello there',
          }),
        ),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    });
  });

  it('a code mailed by one instance verifies on the other, with no SESSION_SECRET configured', async () => {
    const apps = await twoInstances({ SESSION_SECRET: undefined });
    const sent = await call(apps[0], null, 'POST', '/auth/createUser', {
      email: 'both@example.com',
      roleId: 0,
    });
    expect(sent.statusCode).toBe(200);
    const otp = await latestCode(apps[0], 'both@example.com');
    const verified = await call(apps[1], null, 'POST', '/auth/verifyOtp', {
      email: 'both@example.com',
      otp,
      roleId: 0,
    });
    expect(verified.statusCode).toBe(200);
    expect(apps[0].serverSecret.equals(apps[1].serverSecret)).toBe(true);
  });

  describe('files uploaded through one instance are read through the other', () => {
    const readResume = (app: FastifyInstance, u: TestUser) =>
      call(app, u, 'GET', `/documentsUpload/resume/${u.id}`);

    it('FILE_STORAGE=postgres: the bytes live in file_blobs and go with their files row', async () => {
      const apps = await twoInstances({ FILE_STORAGE: 'postgres' });
      const user = await makeUser(apps[0], 'pgfile');
      expect((await uploadResume(apps[0], user)).statusCode).toBe(200);
      const read = await readResume(apps[1], user);
      expect(read.statusCode).toBe(200);
      expect(read.rawPayload.equals(PDF)).toBe(true);
      expect(read.headers['content-type']).toBe('application/pdf');

      // Replaced through B: A reads the new one; the old bytes left with their row.
      const second = Buffer.concat([PDF, Buffer.from('% second\n')]);
      expect((await uploadResume(apps[1], user, second)).statusCode).toBe(200);
      expect((await readResume(apps[0], user)).rawPayload.equals(second)).toBe(true);
      const blobs = await apps[0].db.select({ key: fileBlobs.storageKey }).from(fileBlobs);
      const rows = await apps[0].db.select({ key: files.storageKey }).from(files);
      expect(blobs.map((b) => b.key)).toEqual(rows.map((r) => r.key));
      expect(blobs).toHaveLength(1);

      // Deleted through A: gone on B, bytes included.
      expect((await call(apps[0], user, 'DELETE', '/documentsUpload/resume')).statusCode).toBe(200);
      expect((await readResume(apps[1], user)).statusCode).toBe(404);
      expect(await apps[1].db.select().from(fileBlobs)).toHaveLength(0);

      // A user's account removed: the files rows cascade; their bytes (no foreign key: they are stored
      // before their row) go with the orphan sweep once past its grace period, on either instance.
      expect((await uploadResume(apps[1], user)).statusCode).toBe(200);
      await apps[0].db.delete(users).where(eq(users.id, user.id));
      expect(await apps[1].db.select().from(files)).toHaveLength(0);
      // (The bytes are stamped by the database's clock, the apps run on the test's: aged by hand.)
      const aged = new Date(ctx.clock.now().getTime() - ORPHAN_GRACE_MS - MINUTE);
      await apps[0].db.update(fileBlobs).set({ createdAt: aged });
      expect(await sweepOrphanUploads(apps[1])).toBe(1);
      expect(await apps[0].db.select().from(fileBlobs)).toHaveLength(0);
    });

    it('FILE_STORAGE=s3: an S3-compatible server (s3rver) shared by both', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-s3-'));
      const s3 = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: dir,
        configureBuckets: [{ name: 'referio-files' }],
      });
      const { port } = await s3.run();
      try {
        const apps = await twoInstances({
          FILE_STORAGE: 's3',
          S3_BUCKET: 'referio-files',
          S3_ENDPOINT: `http://127.0.0.1:${port}`,
          S3_FORCE_PATH_STYLE: true,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_PREFIX: 'test/',
        });
        const user = await makeUser(apps[0], 's3file');
        expect((await uploadResume(apps[0], user)).statusCode).toBe(200);
        const read = await readResume(apps[1], user);
        expect(read.statusCode).toBe(200);
        expect(read.rawPayload.equals(PDF)).toBe(true);
        const [row] = await apps[0].db.select().from(files).where(eq(files.ownerId, user.id));
        const object = await apps[1].storage.get(row!.storageKey);
        expect(object?.size).toBe(PDF.length);
        object?.body.destroy();

        expect((await call(apps[1], user, 'DELETE', '/documentsUpload/resume')).statusCode).toBe(
          200,
        );
        expect(await apps[0].storage.get(row!.storageKey)).toBeNull();
        expect((await readResume(apps[0], user)).statusCode).toBe(404);
      } finally {
        await s3.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  it("a job written through one instance clears the other's cached searches (LISTEN/NOTIFY)", async () => {
    const apps = await twoInstances({ SEARCH_CACHE_SECONDS: 3600 });
    const referrer = await makeUser(apps[0], 'ref', {}, 1);
    const search = async (app: FastifyInstance) =>
      (await call(app, null, 'POST', '/jobPost/getAllJobPost', { search: 'zookeeper' })).json() as {
        total: number;
      };
    expect((await search(apps[1])).total).toBe(0);
    const created = await call(apps[0], referrer, 'POST', '/jobPost/createJobPost', {
      ...validJobBody,
      jobTitle: 'Zookeeper Operator',
      userId: referrer.id,
    });
    expect(created.statusCode).toBe(201);
    // The notification reaches B within moments (the clock does not move: the cache would hold an hour).
    let total = 0;
    for (let i = 0; i < 50 && total === 0; i++) {
      total = (await search(apps[1])).total;
      if (total === 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(total).toBe(1);
  });
});
