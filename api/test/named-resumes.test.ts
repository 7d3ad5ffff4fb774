// Named resumes (docs/decisions-candidate.md): up to three per candidate, one the default; add, rename,
// replace, delete, make default; a request carries the chosen one and keeps its file after the resume is
// replaced or deleted; every route answers only the owner.
import type { FastifyInstance } from 'fastify';
import { setupTestContext } from './helper';
import {
  call,
  insertJob,
  makeUser,
  multipartBody,
  PDF,
  sendReferral,
  type TestUser,
  uploadResume,
} from './market-fixtures';

const ctx = setupTestContext();

/** A second, different PDF (so the tests can tell the files apart). */
const PDF_B = Buffer.concat([PDF, Buffer.from('\n% the frontend one\n')]);

interface ResumeJson {
  _id: string;
  name: string;
  fileName: string;
  size: number;
  isDefault: boolean;
  resumeLink: string;
}

function sendFile(
  app: FastifyInstance,
  u: TestUser,
  method: 'POST' | 'PUT',
  url: string,
  file: Buffer,
  fileName: string,
  name?: string,
) {
  const body = multipartBody(file, fileName, name === undefined ? {} : { name });
  return app.inject({
    method,
    url: `/api${url}`,
    headers: { ...body.headers, cookie: u.cookie },
    payload: body.payload,
  });
}

const add = (app: FastifyInstance, u: TestUser, fileName = 'cv.pdf', name?: string, file = PDF) =>
  sendFile(app, u, 'POST', '/documentsUpload/resumes', file, fileName, name);

const list = async (app: FastifyInstance, u: TestUser): Promise<ResumeJson[]> =>
  (await call(app, u, 'GET', '/documentsUpload/resumes')).json().data;

const open = (app: FastifyInstance, u: TestUser, url: string) =>
  app.inject({ method: 'GET', url, headers: { cookie: u.cookie } });

describe('named resumes', () => {
  it('adds up to three, named after the file unless named; the fourth is refused with a clear 400', async () => {
    const app = await ctx.build();
    const me = await makeUser(app, 'cand');
    expect(await list(app, me)).toEqual([]);

    const first = await add(app, me, 'Asha Rao CV.pdf');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      name: 'Asha Rao CV',
      fileName: 'Asha Rao CV.pdf',
      size: PDF.length,
      isDefault: true,
    });
    // Listed by when they were added (the default first).
    ctx.clock.advance(1000);
    expect((await add(app, me, 'b.pdf', 'Backend resume', PDF_B)).json().data).toMatchObject({
      name: 'Backend resume',
      isDefault: false,
    });
    ctx.clock.advance(1000);
    expect((await add(app, me, 'c.pdf')).statusCode).toBe(200);

    const fourth = await add(app, me, 'd.pdf');
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json().message).toBe(
      'You can keep up to 3 resumes. Delete or replace one to add another.',
    );
    const names = (await list(app, me)).map((r) => [r.name, r.isDefault]);
    expect(names).toEqual([
      ['Asha Rao CV', true],
      ['Backend resume', false],
      ['c', false],
    ]);
    // A blank name is the file's; a name too long is refused.
    expect((await add(app, me, 'x.pdf', 'n'.repeat(81))).statusCode).toBe(400);
  });

  it('renames, makes another the default, replaces a file keeping its name, and deletes', async () => {
    const app = await ctx.build();
    const me = await makeUser(app, 'cand');
    const a = (await add(app, me, 'a.pdf')).json().data as ResumeJson;
    const b = (await add(app, me, 'b.pdf')).json().data as ResumeJson;

    const renamed = await call(app, me, 'PUT', `/documentsUpload/resumes/${b._id}`, {
      name: '  Frontend resume ',
      isDefault: true,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Frontend resume', isDefault: true });
    expect((await list(app, me)).map((r) => [r._id, r.isDefault])).toEqual([
      [b._id, true],
      [a._id, false],
    ]);
    const blank = await call(app, me, 'PUT', `/documentsUpload/resumes/${a._id}`, { name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please give the resume a name.');

    const replaced = await sendFile(
      app,
      me,
      'PUT',
      `/documentsUpload/resumes/${b._id}/file`,
      PDF_B,
      'new.pdf',
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data).toMatchObject({
      _id: b._id,
      name: 'Frontend resume',
      fileName: 'new.pdf',
      size: PDF_B.length,
    });
    expect((await open(app, me, b.resumeLink)).rawPayload.equals(PDF_B)).toBe(true);
    // The profile shows the default resume's file.
    const profile = await call(app, me, 'GET', `/auth/GetByIdUser/${me.id}/0`);
    expect(profile.json().data).toMatchObject({ resumeName: 'new.pdf', resumeSize: PDF_B.length });

    // Deleting the default makes the one left the default.
    expect((await call(app, me, 'DELETE', `/documentsUpload/resumes/${b._id}`)).statusCode).toBe(
      200,
    );
    expect((await list(app, me)).map((r) => [r._id, r.isDefault])).toEqual([[a._id, true]]);
    expect((await open(app, me, b.resumeLink)).statusCode).toBe(404);
  });

  it('sends the chosen resume; the referrer still opens it after it is replaced and deleted', async () => {
    const app = await ctx.build();
    const me = await makeUser(app, 'cand');
    const referrer = await makeUser(app, 'ref', { workEmailAdded: true });
    const [job1, job2] = [await insertJob(app, referrer.id), await insertJob(app, referrer.id)];
    await add(app, me, 'a.pdf');
    const second = (await add(app, me, 'b.pdf', 'Backend resume', PDF_B)).json().data as ResumeJson;
    const send = (jobPostId: string, resumeId?: string) =>
      call(app, me, 'POST', '/referralRequest/sendReferralRequest', {
        jobPostId,
        targetUserId: referrer.id,
        userId: me.id,
        ...(resumeId ? { resumeId } : {}),
      });

    const chosen = await send(job1.id, second._id);
    expect(chosen.statusCode).toBe(201);
    const link = chosen.json().data.senderId.resumeLink as string;
    expect((await open(app, referrer, link)).rawPayload.equals(PDF_B)).toBe(true);
    // Without a choice, the default one goes.
    const byDefault = await send(job2.id);
    expect(byDefault.statusCode).toBe(201);
    const defaultLink = byDefault.json().data.senderId.resumeLink as string;
    expect((await open(app, referrer, defaultLink)).rawPayload.equals(PDF)).toBe(true);

    // Replaced, then deleted: the request keeps the file it was sent with.
    await sendFile(app, me, 'PUT', `/documentsUpload/resumes/${second._id}/file`, PDF, 'c.pdf');
    await call(app, me, 'DELETE', `/documentsUpload/resumes/${second._id}`);
    const after = await open(app, referrer, link);
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.equals(PDF_B)).toBe(true);
  });

  it("answers only its owner: another user's resume id is 404 on every route, anonymous 401", async () => {
    const app = await ctx.build();
    const owner = await makeUser(app, 'cand');
    const other = await makeUser(app, 'other');
    const mine = (await add(app, owner, 'mine.pdf')).json().data as ResumeJson;
    const base = `/documentsUpload/resumes/${mine._id}`;

    const attempts = [
      await open(app, other, mine.resumeLink),
      await call(app, other, 'PUT', base, { name: 'Mine now', isDefault: true }),
      await call(app, other, 'DELETE', base),
      await sendFile(app, other, 'PUT', `${base}/file`, PDF_B, 'x.pdf'),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    expect(attempts[1]!.json().message).toBe('Resume not found');
    // Nothing changed, and the other user lists only their own (none).
    expect(await list(app, other)).toEqual([]);
    expect((await list(app, owner)).map((r) => [r.name, r.fileName])).toEqual([
      ['mine', 'mine.pdf'],
    ]);
    expect((await open(app, owner, mine.resumeLink)).rawPayload.equals(PDF)).toBe(true);

    for (const res of [
      await call(app, null, 'GET', '/documentsUpload/resumes'),
      await call(app, null, 'DELETE', base),
      await app.inject({ method: 'GET', url: mine.resumeLink }),
    ]) {
      expect(res.statusCode).toBe(401);
    }
    // Sending someone else's resume with a request: 403, as before.
    const referrer = await makeUser(app, 'ref', { workEmailAdded: true });
    const job = await insertJob(app, referrer.id);
    await uploadResume(app, other);
    const stolen = await sendReferral(app, other, job.id, referrer.id, { resumeId: mine._id });
    expect(stolen.statusCode).toBe(403);
  });

  it('keeps the single-resume calls: resumeUpload replaces the default, DELETE resume removes it', async () => {
    const app = await ctx.build();
    const me = await makeUser(app, 'cand');
    await uploadResume(app, me, PDF, 'first.pdf');
    await add(app, me, 'second.pdf');
    await uploadResume(app, me, PDF_B, 'newer.pdf');
    expect((await list(app, me)).map((r) => [r.name, r.isDefault])).toEqual([
      ['newer', true],
      ['second', false],
    ]);
    await call(app, me, 'DELETE', '/documentsUpload/resume');
    expect((await list(app, me)).map((r) => [r.name, r.isDefault])).toEqual([['second', true]]);
  });
});
