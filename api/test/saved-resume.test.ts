// The saved resume (the default one of the named resumes, as the single-resume dialog offered it): a
// referral request sends it without a new upload; only one's own resume can be read or sent
// (docs/decisions-candidate.md).
import { setupTestContext } from './helper';
import { call, insertJob, makeUser, PDF, uploadResume, type TestUser } from './market-fixtures';

const ctx = setupTestContext();

const savedOf = (app: Awaited<ReturnType<typeof ctx.build>>, u: TestUser) =>
  call(app, u, 'GET', `/documentsUpload/savedResume/${u.id}`);

describe('the saved resume', () => {
  it('is null before any upload, then names the file, its size and when it was uploaded', async () => {
    const app = await ctx.build();
    const candidate = await makeUser(app, 'cand');
    const none = await savedOf(app, candidate);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ success: true, data: null });

    expect((await uploadResume(app, candidate, PDF, 'Asha Rao CV.pdf')).statusCode).toBe(200);
    const saved = await savedOf(app, candidate);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      resumeName: 'Asha Rao CV.pdf',
      size: PDF.length,
      uploadedAt: ctx.clock.now().toISOString(),
      resumeLink: `/api/documentsUpload/resume/${candidate.id}`,
    });

    // Removed from the profile: nothing saved any more.
    await call(app, candidate, 'DELETE', '/documentsUpload/resume');
    expect((await savedOf(app, candidate)).json().data).toBeNull();
  });

  it("is only the caller's own: another user, a referrer and an anonymous caller are refused", async () => {
    const app = await ctx.build();
    const candidate = await makeUser(app, 'cand');
    const referrer = await makeUser(app, 'ref', { workEmailAdded: true });
    await uploadResume(app, candidate);
    const url = `/documentsUpload/savedResume/${candidate.id}`;
    const other = await call(app, referrer, 'GET', url);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You can only see your own saved resume.');
    expect((await call(app, null, 'GET', url)).statusCode).toBe(401);
    expect(
      (await call(app, candidate, 'GET', '/documentsUpload/savedResume/nope')).statusCode,
    ).toBe(400);
  });

  it('sends a second request with the saved resume and no new upload: both carry the same file', async () => {
    const app = await ctx.build();
    const candidate = await makeUser(app, 'cand');
    const referrer = await makeUser(app, 'ref', { workEmailAdded: true });
    const [first, second] = [await insertJob(app, referrer.id), await insertJob(app, referrer.id)];
    await uploadResume(app, candidate);
    const saved = (await savedOf(app, candidate)).json().data as { _id: string };
    const send = (jobPostId: string, resumeId?: string) =>
      call(app, candidate, 'POST', '/referralRequest/sendReferralRequest', {
        jobPostId,
        targetUserId: referrer.id,
        userId: candidate.id,
        ...(resumeId ? { resumeId } : {}),
      });
    const a = await send(first.id, saved._id);
    const b = await send(second.id, saved._id);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    // The referrer opens the same bytes through each request.
    for (const r of [a, b]) {
      const file = await app.inject({
        method: 'GET',
        url: r.json().data.senderId.resumeLink,
        headers: { cookie: referrer.cookie },
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PDF)).toBe(true);
    }
    // One stored resume, not one per request.
    expect((await savedOf(app, candidate)).json().data._id).toBe(saved._id);
  });

  it("refuses someone else's resume id (403), and a replaced or unknown one (409), sending nothing", async () => {
    const app = await ctx.build();
    const candidate = await makeUser(app, 'cand');
    const other = await makeUser(app, 'other');
    const referrer = await makeUser(app, 'ref', { workEmailAdded: true });
    const job = await insertJob(app, referrer.id);
    await uploadResume(app, candidate);
    await uploadResume(app, other);
    const theirs = (await savedOf(app, other)).json().data as { _id: string };
    const mineBefore = (await savedOf(app, candidate)).json().data as { _id: string };
    const send = (resumeId: string) =>
      call(app, candidate, 'POST', '/referralRequest/sendReferralRequest', {
        jobPostId: job.id,
        targetUserId: referrer.id,
        userId: candidate.id,
        resumeId,
      });

    const stolen = await send(theirs._id);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().message).toBe('You can only send your own resume.');
    // An id that names no file (e.g. one replaced and removed since): "changed", nothing more.
    const unknown = await send(crypto.randomUUID());
    expect(unknown.statusCode).toBe(409);

    // The resume deleted since the dialog was opened (and replaced by a new one): the old id is refused,
    // the new one goes.
    await call(app, candidate, 'DELETE', '/documentsUpload/resume');
    await uploadResume(app, candidate);
    const stale = await send(mineBefore._id);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'Your saved resume has changed. Please check it and send the request again.',
    );
    const list = await call(app, candidate, 'POST', '/referralRequest/getAllReferralRequestsData', {
      userId: candidate.id,
      roleId: 0,
      status: 'pending',
    });
    expect(list.json().data).toEqual([]);
    const current = (await savedOf(app, candidate)).json().data as { _id: string };
    expect((await send(current._id)).statusCode).toBe(201);
  });
});
