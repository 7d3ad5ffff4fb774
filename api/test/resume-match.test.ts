// Match summaries over HTTP: the candidate's preview of one of their resumes against a job, the referrer's
// summary of a request's resume; a resume that cannot be read says so and changes nothing else; a file's
// text is read once; the reader's time and memory limits (docs/decisions-referrer.md, "Match summary").
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { files, resumes, resumeTexts } from '../src/db/schema';
import { setupTestContext } from './helper';
import {
  call,
  insertJob,
  makeUser,
  PDF,
  sendReferral,
  uploadResume,
  zipWith,
  type TestUser,
} from './market-fixtures';
import { crowdedTextPdf, passwordPdf, textPdf } from './pdf-fixtures';

const ctx = setupTestContext();

const RESUME = textPdf([
  'Asha Rao - Senior engineer',
  'Skills: React, TypeScript, Node.js, Postgres',
  'Acme Corp, Jan 2021 - Present',
]);
const JOB = {
  requiredSkills: ['React', 'TypeScript', 'PostgreSQL', 'Go'],
  experience: '3-6' as const,
};

/** The candidate's resume: its id (what the dialog previews) and its file's (what the text is kept by). */
async function resumeOf(app: FastifyInstance, u: TestUser) {
  const [row] = await app.db
    .select({ resumeId: resumes.id, fileId: files.id })
    .from(resumes)
    .innerJoin(files, eq(files.storageKey, resumes.storageKey))
    .where(eq(resumes.ownerId, u.id));
  return row!;
}

/** A candidate with `resume` uploaded, a referrer and their job. */
async function market(app: FastifyInstance, resume: Buffer = RESUME, name = 'cv.pdf') {
  const candidate = await makeUser(app, 'cand');
  const referrer = await makeUser(app, 'ref', { workEmailAdded: true });
  const job = await insertJob(app, referrer.id, { createdAt: app.now(), ...JOB });
  expect((await uploadResume(app, candidate, resume, name)).statusCode).toBe(200);
  return { candidate, referrer, job, ...(await resumeOf(app, candidate)) };
}

const preview = (app: FastifyInstance, u: TestUser | null, jobPostId: string, resumeId: string) =>
  call(app, u, 'GET', `/referralRequest/matchPreview?jobPostId=${jobPostId}&resumeId=${resumeId}`);

const requestIdOf = (res: { json(): { data: { _id: string } } }) => res.json().data._id;

describe('the match summary', () => {
  it('shows the candidate, before sending, the skills found and missing and the years', async () => {
    const app = await ctx.build();
    const { candidate, job, resumeId } = await market(app);
    // Jan 2021 to 10 Mar 2025 (the test clock): 4 years.
    const res = await preview(app, candidate, job.id, resumeId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        status: 'read',
        matched: ['React', 'TypeScript', 'PostgreSQL'],
        missing: ['Go'],
        years: 4,
        jobExperience: '3-6',
      },
    });
  });

  it("shows the request's referrer the same summary on their card; nobody else", async () => {
    const app = await ctx.build();
    const { candidate, referrer, job } = await market(app);
    const sent = await sendReferral(app, candidate, job.id, referrer.id);
    expect(sent.statusCode).toBe(201);
    const url = `/referralRequest/matchSummary/${requestIdOf(sent)}`;
    const res = await call(app, referrer, 'GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'read',
      matched: ['React', 'TypeScript', 'PostgreSQL'],
    });

    const stranger = await makeUser(app, 'stranger', { workEmailAdded: true });
    expect((await call(app, stranger, 'GET', url)).statusCode).toBe(404);
    expect((await call(app, candidate, 'GET', url)).statusCode).toBe(404);
    expect((await call(app, null, 'GET', url)).statusCode).toBe(401);
  });

  it("refuses a preview of someone else's resume, an unknown file or job", async () => {
    const app = await ctx.build();
    const { referrer, job, resumeId } = await market(app);
    const other = await makeUser(app, 'other');
    expect((await preview(app, other, job.id, resumeId)).statusCode).toBe(403);
    expect((await preview(app, referrer, job.id, resumeId)).statusCode).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await preview(app, other, job.id, unknown)).statusCode).toBe(404);
    const { candidate, resumeId: own } = await market(app);
    expect((await preview(app, candidate, unknown, own)).json().message).toBe('Job post not found');
    expect((await preview(app, candidate, 'nope', own)).statusCode).toBe(400);
  });

  it("is gone from the referrer's card once the request is closed", async () => {
    const app = await ctx.build();
    const { candidate, referrer, job } = await market(app);
    const id = requestIdOf(await sendReferral(app, candidate, job.id, referrer.id));
    await call(app, candidate, 'POST', `/referralRequest/withdraw/${id}`);
    expect(
      (await call(app, referrer, 'GET', `/referralRequest/matchSummary/${id}`)).statusCode,
    ).toBe(404);
  });

  it('says an unreadable PDF could not be read, and the request goes and lists as before', async () => {
    const app = await ctx.build();
    for (const [resume, status] of [
      [PDF, 'unreadable'],
      [passwordPdf(), 'unreadable'],
    ] as const) {
      const { candidate, referrer, job, resumeId } = await market(app, resume);
      const before = await preview(app, candidate, job.id, resumeId);
      expect(before.statusCode).toBe(200);
      expect(before.json().data).toEqual({
        status,
        matched: [],
        missing: [],
        years: null,
        jobExperience: '3-6',
      });
      const sent = await sendReferral(app, candidate, job.id, referrer.id);
      expect(sent.statusCode).toBe(201);
      const card = await call(
        app,
        referrer,
        'GET',
        `/referralRequest/matchSummary/${requestIdOf(sent)}`,
      );
      expect(card.json().data.status).toBe(status);
      const list = await call(
        app,
        referrer,
        'GET',
        `/referralRequest/getAllReferralRequestsData?userId=${referrer.id}&roleId=1&status=pending`,
      );
      expect(list.json().data.map((r: { _id: string }) => r._id)).toEqual([requestIdOf(sent)]);
    }
  });

  it('says a Word resume is not read (PDF only)', async () => {
    const app = await ctx.build();
    const { candidate, job, resumeId } = await market(
      app,
      zipWith(['word/document.xml']),
      'cv.docx',
    );
    expect((await preview(app, candidate, job.id, resumeId)).json().data.status).toBe('not_pdf');
  });

  it("reads a file's text once and keeps it encrypted", async () => {
    const app = await ctx.build();
    const { candidate, job, fileId, resumeId } = await market(app);
    const [first, second] = await Promise.all([
      preview(app, candidate, job.id, resumeId),
      preview(app, candidate, job.id, resumeId),
    ]);
    expect(second.json()).toEqual(first.json());
    const rows = await app.db.select().from(resumeTexts).where(eq(resumeTexts.fileId, fileId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.outcome).toBe('read');
    expect(rows[0]!.text!.toString('latin1')).not.toContain('React');
    // The stored bytes gone: the kept text still answers (nothing is read again).
    const [file] = await app.db.select().from(files).where(eq(files.id, fileId));
    await app.storage.delete(file!.storageKey);
    const other = await insertJob(app, job.userId, {
      requiredSkills: ['Node.js'],
      experience: '1-3',
    });
    expect((await preview(app, candidate, other.id, resumeId)).json().data).toMatchObject({
      status: 'read',
      matched: ['Node.js'],
    });
  });

  it('gives up on a PDF the reader cannot finish within its time limit', async () => {
    // 1 ms: the worker cannot even start in that time; it is terminated.
    const app = await ctx.build({ RESUME_TEXT_TIMEOUT_MS: 1 });
    const { candidate, job, resumeId, fileId } = await market(app);
    expect((await preview(app, candidate, job.id, resumeId)).json().data.status).toBe('too_slow');
    // Kept for an hour (a busy machine is not a bad file), then read again.
    const keptAt = async () =>
      (await app.db.select().from(resumeTexts).where(eq(resumeTexts.fileId, fileId)))[0]!.createdAt;
    const first = await keptAt();
    await preview(app, candidate, job.id, resumeId);
    expect(await keptAt()).toEqual(first);
    const anHourAgo = new Date(app.now().getTime() - 60 * 60 * 1000);
    await app.db
      .update(resumeTexts)
      .set({ createdAt: anHourAgo })
      .where(eq(resumeTexts.fileId, fileId));
    expect((await preview(app, candidate, job.id, resumeId)).json().data.status).toBe('too_slow');
    expect(await keptAt()).toEqual(app.now());
  });

  it('gives up on a PDF that needs more memory than the reader may take', async () => {
    // 8 MB of heap (the least the setting allows) for a page of 200,000 pieces of text: the worker runs out of
    // memory, the API does not.
    const app = await ctx.build({ RESUME_TEXT_MEMORY_MB: 8 });
    const { candidate, job, resumeId } = await market(app, crowdedTextPdf());
    expect((await preview(app, candidate, job.id, resumeId)).json().data.status).toBe('too_large');
    expect((await call(app, null, 'GET', '/health')).statusCode).toBe(200);
  });
});
