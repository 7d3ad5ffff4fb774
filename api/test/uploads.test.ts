import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { fileBlobs, files, users } from '../src/db/schema';
import { ORPHAN_GRACE_MS, sweepOrphanUploads } from '../src/routes/uploads';
import { detectImageType, detectResumeType, zipEntryNames } from '../src/services/file-types';
import { MINUTE, setupTestContext } from './helper';
import {
  call,
  defaultResumeKey,
  insertJob,
  makeUser,
  multipartBody,
  PDF,
  PNG,
  sendReferral,
  type TestUser,
  uploadResume,
  zipWith,
} from './market-fixtures';

const ctx = setupTestContext();

const TOO_BIG_RESUME = 'File is too large or not supported. Please upload a PDF or DOCX under 5MB.';

const uploadImage = (
  app: Awaited<ReturnType<typeof ctx.build>>,
  u: TestUser,
  file: Buffer,
  name = 'me.png',
) => {
  const body = multipartBody(file, name, { userId: u.id }, 'image/png');
  return app.inject({
    method: 'POST',
    url: '/api/documentsUpload/profileImgUpload',
    headers: { ...body.headers, cookie: u.cookie },
    payload: body.payload,
  });
};

describe('file types by content', () => {
  it('recognises PDF, DOC and DOCX by their bytes and nothing else as a resume', () => {
    expect(detectResumeType(PDF)?.ext).toBe('pdf');
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    expect(detectResumeType(ole)?.ext).toBe('doc');
    expect(zipEntryNames(zipWith(['[Content_Types].xml', 'word/document.xml']))).toEqual([
      '[Content_Types].xml',
      'word/document.xml',
    ]);
    expect(detectResumeType(zipWith(['word/document.xml']))?.ext).toBe('docx');
    expect(detectResumeType(zipWith(['xl/workbook.xml']))).toBeNull();
    expect(detectResumeType(Buffer.from('hello, I am a text file'))).toBeNull();
    expect(detectResumeType(PNG)).toBeNull();
  });

  it('recognises PNG, JPEG, GIF and WEBP images by their bytes', () => {
    expect(detectImageType(PNG)?.mime).toBe('image/png');
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0]))?.mime).toBe('image/jpeg');
    expect(detectImageType(Buffer.from('GIF89a....'))?.mime).toBe('image/gif');
    expect(detectImageType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 '))?.mime).toBe('image/webp');
    expect(detectImageType(PDF)).toBeNull();
  });
});

describe('resume upload and download', () => {
  it("stores a PDF as the caller's resume and streams it back to the owner with its type and name", async () => {
    const app = await ctx.build();
    const me = await makeUser(app, 'cand');
    const res = await uploadResume(app, me, PDF, 'My CV.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      resumeLink: `/api/documentsUpload/resume/${me.id}`,
      resumeName: 'My CV.pdf',
      size: PDF.length,
    });
    const profile = (await call(app, me, 'GET', `/auth/GetByIdUser/${me.id}/0`)).json().data;
    expect(profile).toMatchObject({
      resumeLink: `/api/documentsUpload/resume/${me.id}`,
      resumeName: 'My CV.pdf',
    });

    const file = await call(app, me, 'GET', `/documentsUpload/resume/${me.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('filename="My CV.pdf"');
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('accepts a DOCX by its content whatever its name says', async () => {
    const app = await ctx.build();
    const me = await makeUser(app, 'cand');
    const docx = zipWith(['[Content_Types].xml', 'word/document.xml']);
    const res = await uploadResume(app, me, docx, 'resume.bin');
    expect(res.statusCode).toBe(200);
    const file = await call(app, me, 'GET', `/documentsUpload/resume/${me.id}`);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('refuses a fake PDF (a text file named .pdf) and keeps nothing', async () => {
    const app = await ctx.build();
    const me = await makeUser(app, 'cand');
    const res = await uploadResume(app, me, Buffer.from('not really a pdf'), 'cv.pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TOO_BIG_RESUME);
    expect(await defaultResumeKey(app, me.id)).toBeNull();
    expect(await app.db.$count(files)).toBe(0);
  });

  it('refuses a 6 MB file with the spec message, never a 500', async () => {
    const app = await ctx.build();
    const me = await makeUser(app, 'cand');
    const big = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    const res = await uploadResume(app, me, big, 'big.pdf');
    expect([400, 413]).toContain(res.statusCode);
    expect(res.json().message).toBe(TOO_BIG_RESUME);
    expect(await defaultResumeKey(app, me.id)).toBeNull();
  });

  it('refuses a 6 MB file sent over a real connection too (the parser truncates it silently there)', async () => {
    const app = await ctx.build();
    const me = await makeUser(app, 'cand');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const form = new FormData();
    form.append('userId', me.id);
    const big = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    form.append('file', new Blob([big]), 'big.pdf');
    const res = await fetch(`http://127.0.0.1:${port}/api/documentsUpload/resumeUpload`, {
      method: 'POST',
      headers: { cookie: me.cookie },
      body: form,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(TOO_BIG_RESUME);
    expect(await defaultResumeKey(app, me.id)).toBeNull();
  });

  it('refuses uploads without a session, without a file, or for another user id', async () => {
    const app = await ctx.build();
    const me = await makeUser(app, 'cand');
    const other = await makeUser(app, 'other');
    const body = multipartBody(PDF, 'cv.pdf', { userId: other.id });
    const forOther = await app.inject({
      method: 'POST',
      url: '/api/documentsUpload/resumeUpload',
      headers: { ...body.headers, cookie: me.cookie },
      payload: body.payload,
    });
    expect(forOther.statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/documentsUpload/resumeUpload',
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    const json = await call(app, me, 'POST', '/documentsUpload/resumeUpload', { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Please choose a file to upload.');
  });

  it("serves a candidate's resume only to them and to referrers they sent a request to", async () => {
    const app = await ctx.build();
    const candidate = await makeUser(app, 'cand');
    const referrer = await makeUser(app, 'ref', { workEmailAdded: true });
    const stranger = await makeUser(app, 'stranger');
    const job = await insertJob(app, referrer.id);
    await uploadResume(app, candidate);
    const url = `/documentsUpload/resume/${candidate.id}`;
    expect((await call(app, referrer, 'GET', url)).statusCode).toBe(403);
    expect((await call(app, null, 'GET', url)).statusCode).toBe(401);

    const sent = await sendReferral(app, candidate, job.id, referrer.id);
    const resumeLink = sent.json().data.senderId.resumeLink as string;
    expect(resumeLink).toBe(`/api${url}?requestId=${sent.json().data._id}`);
    expect((await call(app, referrer, 'GET', url)).statusCode).toBe(200);
    expect((await call(app, stranger, 'GET', url)).statusCode).toBe(403);
    const viaRequest = await app.inject({
      method: 'GET',
      url: resumeLink,
      headers: { cookie: referrer.cookie },
    });
    expect(viaRequest.statusCode).toBe(200);
    expect(viaRequest.rawPayload.equals(PDF)).toBe(true);
    const strangerViaRequest = await app.inject({
      method: 'GET',
      url: resumeLink,
      headers: { cookie: stranger.cookie },
    });
    expect(strangerViaRequest.statusCode).toBe(403);
  });

  it('deletes the resume; the copy a sent request carries stays readable by its referrer', async () => {
    const app = await ctx.build();
    const candidate = await makeUser(app, 'cand');
    const referrer = await makeUser(app, 'ref');
    const job = await insertJob(app, referrer.id);
    await uploadResume(app, candidate);
    const sent = await sendReferral(app, candidate, job.id, referrer.id);
    const del = await call(app, candidate, 'DELETE', '/documentsUpload/resume');
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: 'Resume removed successfully' });
    const profile = (
      await call(app, candidate, 'GET', `/auth/GetByIdUser/${candidate.id}/0`)
    ).json();
    expect(profile.data).toMatchObject({ resumeLink: null, resumeName: null });
    expect(
      (await call(app, candidate, 'GET', `/documentsUpload/resume/${candidate.id}`)).statusCode,
    ).toBe(404);
    const copy = await app.inject({
      method: 'GET',
      url: sent.json().data.senderId.resumeLink,
      headers: { cookie: referrer.cookie },
    });
    expect(copy.statusCode).toBe(200);

    // Without a request carrying it, a replaced resume's file is removed.
    await uploadResume(app, candidate);
    const firstKey = (await defaultResumeKey(app, candidate.id))!;
    await uploadResume(app, candidate);
    expect(await app.storage.get(firstKey)).toBeNull();
  });
});

describe('profile image upload', () => {
  it('stores an image, links it from the profile and serves it publicly with its type', async () => {
    const app = await ctx.build();
    const me = await makeUser(app, 'cand');
    const res = await uploadImage(app, me, PNG);
    expect(res.statusCode).toBe(200);
    const link = res.json().data.profileImageLink as string;
    expect(link).toMatch(new RegExp(`^/api/documentsUpload/profileImage/${me.id}\\?v=`));
    const me2 = (await call(app, me, 'GET', '/auth/me')).json().data;
    expect(me2.profileLink).toBe(link);
    const image = await app.inject({ method: 'GET', url: link });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const again = await uploadImage(app, me, Buffer.from('GIF89a-second'), 'me.gif');
    expect(again.json().data.profileImageLink).not.toBe(link);
    expect(await app.db.$count(files, eq(files.ownerId, me.id))).toBe(1);
  });

  it('refuses a file that is not an image, and one over 5 MB, with their messages', async () => {
    const app = await ctx.build();
    const me = await makeUser(app, 'cand');
    const notImage = await uploadImage(app, me, PDF, 'me.png');
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe('Please upload a PNG, JPEG, GIF or WEBP image.');
    const big = await uploadImage(app, me, Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]));
    expect([400, 413]).toContain(big.statusCode);
    expect(big.json().message).toBe('Profile image size should not exceed 5 MB');
    const row = (await app.db.select().from(users).where(eq(users.id, me.id)))[0];
    expect(row?.profileImage).toBeNull();
    const missing = await call(app, null, 'GET', `/documentsUpload/profileImage/${me.id}`);
    expect(missing.statusCode).toBe(404);
  });
});

describe('profile rules the candidate pages rely on', () => {
  it("refuses a future date of birth and another user's profile", async () => {
    const app = await ctx.build();
    const me = await makeUser(app, 'cand');
    const other = await makeUser(app, 'other');
    const future = await call(app, me, 'PUT', `/auth/updateById/${me.id}`, {
      userId: me.id,
      roleId: 0,
      updatedData: { email: me.email, dateOfBirth: '2999-01-01' },
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('Date of birth cannot be later than today');
    expect((await call(app, me, 'GET', `/auth/GetByIdUser/${other.id}/0`)).statusCode).toBe(403);
    const edit = await call(app, me, 'PUT', `/auth/updateById/${other.id}`, {
      updatedData: { email: other.email, fullName: 'Hijacked' },
    });
    expect(edit.statusCode).toBe(403);
  });
});

/** Runs test/upload-writer.ts (it stores bytes without end) and kills it with SIGKILL once it has stored one file. */
async function killWriterMidUpload(root: string, owner: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'upload-writer.ts'), root, owner],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('stored')) resolve();
    });
    child.on('exit', () => reject(new Error('the writer ended before it stored a file')));
  });
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/** The files under `root`, as storage keys. */
const filesUnder = (root: string) =>
  fs.existsSync(root)
    ? fs
        .readdirSync(root, { recursive: true, encoding: 'utf8' })
        .filter((f) => fs.statSync(path.join(root, f)).isFile())
        .map((f) => f.split(path.sep).join('/'))
    : [];

describe('uploads killed with kill -9', () => {
  it('leave no orphan once the sweep has run: no row without its bytes, no bytes without a row, no *.tmp file', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-kill9-'));
    const root = path.join(dataDir, 'uploads');
    try {
      // Five upload processes killed while storing bytes (the row comes after the bytes, so none has one).
      await Promise.all([1, 2, 3, 4, 5].map((i) => killWriterMidUpload(root, `killed-${i}`)));
      const left = filesUnder(root);
      expect(left.length).toBeGreaterThanOrEqual(5);

      // The API starts again on that disk; a row an older version wrote before its bytes is there too.
      const app = await ctx.build({ DATA_DIR: dataDir });
      const u = await makeUser(app, 'kept');
      expect((await uploadResume(app, u)).statusCode).toBe(200);
      await app.db.insert(files).values({
        ownerId: u.id,
        kind: 'resume',
        mime: 'application/pdf',
        size: 10,
        storageKey: `resumes/${u.id}/00000000-0000-4000-8000-000000000000.pdf`,
        createdAt: app.now(),
      });
      // Past the grace period (the files were written at the machine's time).
      ctx.clock.set(new Date(Date.now() + ORPHAN_GRACE_MS + MINUTE));
      expect(await sweepOrphanUploads(app)).toBe(left.length + 1);

      const rows = await app.db.select().from(files);
      const keys = filesUnder(root);
      expect(keys.filter((k) => !rows.some((r) => r.storageKey === k))).toEqual([]);
      expect(keys.filter((k) => k.endsWith('.tmp'))).toEqual([]);
      for (const row of rows) expect(await app.storage.get(row.storageKey)).not.toBeNull();
      // What a user points to stays.
      expect(rows).toHaveLength(1);
      expect(rows[0]?.storageKey).toBe(await defaultResumeKey(app, u.id));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('leave no bytes without a row in PostgreSQL storage either', async () => {
    const app = await ctx.build({ FILE_STORAGE: 'postgres' });
    const u = await makeUser(app, 'kept');
    expect((await uploadResume(app, u)).statusCode).toBe(200);
    // Bytes stored by an upload that died before its row.
    await app.storage.put(`resumes/${u.id}/killed.pdf`, PDF, 'application/pdf');
    ctx.clock.set(new Date(Date.now() + ORPHAN_GRACE_MS + MINUTE));
    expect(await sweepOrphanUploads(app)).toBe(1);
    expect(await app.db.$count(fileBlobs)).toBe(1);
    expect(await app.storage.get(`resumes/${u.id}/killed.pdf`)).toBeNull();
  });
});
