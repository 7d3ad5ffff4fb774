// Resumes at rest: the bytes on disk and in `file_blobs` are AES-256-GCM, not a PDF anyone with
// the disk or a database dump can read; the API still serves the PDF; keys rotate by id; a resume kept
// only by requests that ended long ago is deleted, the profile's stays. PGlite here, PostgreSQL in
// `npm run test:pg`.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fileBlobs, files, referralRequests } from '../src/db/schema';
import { decryptFile, parseFileKeys } from '../src/lib/file-crypto';
import { sweepOrphanUploads } from '../src/routes/uploads';
import { setupTestContext } from './helper';
import {
  DAY_MS,
  insertJob,
  makeUser,
  PDF,
  sendReferral,
  uploadResume,
  type TestUser,
  defaultResumeKey,
} from './market-fixtures';

const ctx = setupTestContext();

const KEY_A = `a1:${Buffer.alloc(32, 1).toString('base64')}`;
const KEY_B = `b2:${Buffer.alloc(32, 2).toString('base64')}`;

const resumeKey = async (app: FastifyInstance, userId: string) =>
  (await defaultResumeKey(app, userId))!;

const download = (app: FastifyInstance, u: TestUser) =>
  app.inject({
    method: 'GET',
    url: `/api/documentsUpload/resume/${u.id}`,
    headers: { cookie: u.cookie },
  });

const looksLikePdf = (b: Buffer) => b.subarray(0, 5).toString('latin1') === '%PDF-';

test('a resume on disk is encrypted: not a PDF, unreadable without the key, served as the PDF it was', async () => {
  const app = await ctx.build({ FILE_STORAGE: 'disk', FILE_ENCRYPTION_KEYS: KEY_A });
  const u = await makeUser(app, 'disk');
  expect((await uploadResume(app, u)).statusCode).toBe(200);
  const key = await resumeKey(app, u.id);
  const raw = fs.readFileSync(path.join(app.config.DATA_DIR, 'uploads', key));
  expect(looksLikePdf(raw)).toBe(false);
  expect(raw.includes(PDF.subarray(0, 16))).toBe(false);
  expect(raw.subarray(0, 4).toString()).toBe('RFE1');
  // With another key the bytes do not open (GCM refuses them), with the right one they are the PDF.
  const wrong = parseFileKeys(`a1:${Buffer.alloc(32, 9).toString('base64')}`, Buffer.alloc(32));
  expect(() => decryptFile(raw, wrong)).toThrow();
  expect(decryptFile(raw, parseFileKeys(KEY_A, Buffer.alloc(32))).equals(PDF)).toBe(true);
  const res = await download(app, u);
  expect(res.statusCode).toBe(200);
  expect(res.rawPayload.equals(PDF)).toBe(true);
});

test('a resume in file_blobs is encrypted too; after rotation old files still open and new ones take the new key', async () => {
  const before = await ctx.build({ FILE_STORAGE: 'postgres', FILE_ENCRYPTION_KEYS: KEY_A });
  const u = await makeUser(before, 'blob');
  expect((await uploadResume(before, u)).statusCode).toBe(200);
  const oldKey = await resumeKey(before, u.id);
  const [blob] = await before.db.select().from(fileBlobs).where(eq(fileBlobs.storageKey, oldKey));
  expect(looksLikePdf(blob!.data)).toBe(false);
  expect(blob!.data.includes(PDF.subarray(0, 16))).toBe(false);

  // Rotation: the new key first, the old one kept to read older files.
  const after = await ctx.build({
    FILE_STORAGE: 'postgres',
    FILE_ENCRYPTION_KEYS: `${KEY_B},${KEY_A}`,
  });
  const old = await download(after, u);
  expect(old.statusCode).toBe(200);
  expect(old.rawPayload.equals(PDF)).toBe(true);
  const other = await makeUser(after, 'blob2');
  await uploadResume(after, other);
  const [fresh] = await after.db
    .select()
    .from(fileBlobs)
    .where(eq(fileBlobs.storageKey, await resumeKey(after, other.id)));
  expect(fresh!.data.subarray(0, 7).toString('latin1')).toBe('RFE1\u0002b2');
});

test('a resume kept only by requests that ended over RESUME_RETENTION_DAYS ago is deleted; the profile resume and open requests keep theirs', async () => {
  const app = await ctx.build({ RESUME_RETENTION_DAYS: 180 });
  const referrer = await makeUser(app, 'ref', {}, 1);
  const job = await insertJob(app, referrer.id);
  const jobId = job.id;
  const candidate = await makeUser(app, 'cand');
  await uploadResume(app, candidate);
  const firstResume = await resumeKey(app, candidate.id);
  expect((await sendReferral(app, candidate, jobId, referrer.id)).statusCode).toBe(201);

  // The resume was uploaded and sent, and the request ended (declined), long ago; the candidate has
  // uploaded a newer resume since.
  const longAgo = new Date(app.now().getTime() - 181 * DAY_MS);
  await app.db
    .update(referralRequests)
    .set({ status: 'declined', updatedAt: longAgo })
    .where(eq(referralRequests.senderId, candidate.id));
  await app.db
    .update(files)
    .set({ createdAt: new Date(longAgo.getTime() - DAY_MS) })
    .where(eq(files.storageKey, firstResume));
  await uploadResume(app, candidate);
  const profileResume = await resumeKey(app, candidate.id);
  expect(profileResume).not.toBe(firstResume);

  await sweepOrphanUploads(app);
  const left = (await app.db.select({ k: files.storageKey }).from(files)).map((f) => f.k);
  expect(left).not.toContain(firstResume);
  expect(left).toContain(profileResume);
  const [request] = await app.db
    .select({ resume: referralRequests.resume })
    .from(referralRequests)
    .where(eq(referralRequests.senderId, candidate.id));
  expect(request!.resume).toBeNull();
  const own = await download(app, candidate);
  expect(own.statusCode).toBe(200);
});

test('a request that ended less than RESUME_RETENTION_DAYS ago keeps its resume', async () => {
  const app = await ctx.build({ RESUME_RETENTION_DAYS: 180 });
  const referrer = await makeUser(app, 'ref2', {}, 1);
  const job = await insertJob(app, referrer.id);
  const jobId = job.id;
  const candidate = await makeUser(app, 'cand2');
  await uploadResume(app, candidate);
  const sent = await resumeKey(app, candidate.id);
  await sendReferral(app, candidate, jobId, referrer.id);
  const recently = new Date(app.now().getTime() - 179 * DAY_MS);
  await app.db
    .update(referralRequests)
    .set({ status: 'declined', updatedAt: recently })
    .where(eq(referralRequests.senderId, candidate.id));
  await app.db
    .update(files)
    .set({ createdAt: new Date(recently.getTime() - DAY_MS) })
    .where(eq(files.storageKey, sent));
  await uploadResume(app, candidate);
  await sweepOrphanUploads(app);
  const left = (await app.db.select({ k: files.storageKey }).from(files)).map((f) => f.k);
  expect(left).toContain(sent);
});
