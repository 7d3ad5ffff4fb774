import { eq } from 'drizzle-orm';
import { jobPosts, referralRequests } from '../src/db/schema';
import { setupTestContext } from './helper';
import {
  answerReferral,
  call,
  defaultResumeKey,
  insertJob,
  listReferrals,
  makeUser,
  sendReferral,
  uploadResume,
} from './market-fixtures';

const ctx = setupTestContext();
type App = Awaited<ReturnType<typeof ctx.build>>;

const send = sendReferral;

/** A verified referrer with one job, and a candidate with a resume. */
async function scene(app: App) {
  const referrer = await makeUser(app, 'ref', { workEmailAdded: true, fullName: 'Ravi Ref' }, 1);
  const candidate = await makeUser(app, 'cand', {
    fullName: 'Cara Cand',
    skills: ['React'],
    overAllExperience: 3,
  });
  const job = await insertJob(app, referrer.id);
  await uploadResume(app, candidate);
  return { referrer, candidate, job };
}

/** The job's count of approved referrals, as stored. */
const totalReferrals = async (app: App, jobId: string) =>
  (await app.db.select().from(jobPosts).where(eq(jobPosts.id, jobId)))[0]?.totalReferrals;

describe('POST /api/referralRequest/sendReferralRequest', () => {
  it('creates one pending request carrying the resume, with the job, sender and recipient objects', async () => {
    const app = await ctx.build();
    const { referrer, candidate, job } = await scene(app);
    const res = await send(app, candidate, job.id, referrer.id);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      status: 'pending',
      jobPostId: { _id: job.id, jobTitle: job.jobTitle, isApplied: true },
      senderId: {
        _id: candidate.id,
        fullName: 'Cara Cand',
        email: candidate.email,
        overAllExperience: 3,
        skills: ['React'],
      },
      recipientId: { _id: referrer.id, fullName: 'Ravi Ref', email: referrer.email },
    });
    const row = (await app.db.select().from(referralRequests))[0];
    expect(row?.resume).toBe(await defaultResumeKey(app, candidate.id));
    expect(await totalReferrals(app, job.id)).toBe(0);
  });

  it('answers 409 with the spec text for a second request on the same job, and stores nothing twice', async () => {
    const app = await ctx.build();
    const { referrer, candidate, job } = await scene(app);
    expect((await send(app, candidate, job.id, referrer.id)).statusCode).toBe(201);
    const again = await send(app, candidate, job.id, referrer.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already requested for this job');
    const both = await Promise.all([
      send(app, candidate, job.id, referrer.id),
      send(app, candidate, job.id, referrer.id),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(await app.db.$count(referralRequests)).toBe(1);
  });

  it('refuses a request without a resume, on an own or inactive job, to the wrong referrer, or as someone else', async () => {
    const app = await ctx.build();
    const { referrer, candidate, job } = await scene(app);
    const noResume = await makeUser(app, 'bare');
    const r1 = await send(app, noResume, job.id, referrer.id);
    expect(r1.statusCode).toBe(400);
    expect(r1.json().message).toBe('Please upload your resume before requesting a referral.');

    await uploadResume(app, referrer);
    const own = await send(app, referrer, job.id, referrer.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot request a referral for your own job post.');

    const wrong = await send(app, candidate, job.id, noResume.id);
    expect(wrong.statusCode).toBe(400);

    const closed = await insertJob(app, referrer.id, { status: 'inactive' });
    const inactive = await send(app, candidate, closed.id, referrer.id);
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().message).toBe('This job is no longer accepting referral requests.');

    const impersonating = await call(
      app,
      candidate,
      'POST',
      '/referralRequest/sendReferralRequest',
      {
        jobPostId: job.id,
        targetUserId: referrer.id,
        userId: noResume.id,
      },
    );
    expect(impersonating.statusCode).toBe(403);
    const missing = await call(app, candidate, 'POST', '/referralRequest/sendReferralRequest', {
      jobPostId: job.id,
    });
    expect(missing.statusCode).toBe(400);
    expect(await app.db.$count(referralRequests)).toBe(0);
  });
});

describe('lists and counts', () => {
  it("lists only one job's requests when asked with its jobPostId, and refuses a malformed one", async () => {
    const app = await ctx.build();
    const { referrer, candidate, job } = await scene(app);
    const job2 = await insertJob(app, referrer.id);
    const other = await makeUser(app, 'other');
    await uploadResume(app, other);
    await send(app, candidate, job.id, referrer.id);
    await send(app, candidate, job2.id, referrer.id);
    await send(app, other, job2.id, referrer.id);

    const forJob2 = await listReferrals(app, referrer, 1, 'pending', { jobPostId: job2.id });
    expect(forJob2.statusCode).toBe(200);
    const jobs = forJob2.json().data.map((r: { jobPostId: { _id: string } }) => r.jobPostId._id);
    expect(jobs).toEqual([job2.id, job2.id]);

    const viaGet = await call(
      app,
      referrer,
      'GET',
      `/referralRequest/getAllReferralRequestsData?userId=${referrer.id}&roleId=1&status=pending&jobPostId=${job.id}`,
    );
    expect(viaGet.json().data).toHaveLength(1);

    const bad = await listReferrals(app, referrer, 1, 'pending', { jobPostId: 'not-an-id' });
    expect(bad.statusCode).toBe(400);
  });

  it("lists the candidate's sent and the referrer's received requests by status, newest first, and refuses others'", async () => {
    const app = await ctx.build();
    const { referrer, candidate, job } = await scene(app);
    const job2 = await insertJob(app, referrer.id);
    await send(app, candidate, job.id, referrer.id);
    ctx.clock.advance(60_000);
    await send(app, candidate, job2.id, referrer.id);

    const sent = await listReferrals(app, candidate, 0, 'pending');
    expect(sent.json().data.map((r: { jobPostId: { _id: string } }) => r.jobPostId._id)).toEqual([
      job2.id,
      job.id,
    ]);
    const received = await call(
      app,
      referrer,
      'GET',
      `/referralRequest/getAllReferralRequestsData?userId=${referrer.id}&roleId=1&status=pending`,
    );
    expect(received.json().data).toHaveLength(2);
    const asCandidate = await listReferrals(app, referrer, 0, 'pending');
    expect(asCandidate.json().data).toEqual([]);
    const approved = await listReferrals(app, candidate, 0, 'approved');
    expect(approved.json().data).toEqual([]);

    const spy = await listReferrals(app, candidate, 1, 'pending', { userId: referrer.id });
    expect(spy.statusCode).toBe(403);
    const badStatus = await listReferrals(app, candidate, 0, 'lost');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toBe(
      'Status must be pending, approved, declined, expired or withdrawn',
    );
  });

  it('counts requests by status for the referrer and the candidate, own id only', async () => {
    const app = await ctx.build();
    const { referrer, candidate, job } = await scene(app);
    const job2 = await insertJob(app, referrer.id);
    const job3 = await insertJob(app, referrer.id);
    const a = (await send(app, candidate, job.id, referrer.id)).json().data._id;
    const d = (await send(app, candidate, job2.id, referrer.id)).json().data._id;
    await send(app, candidate, job3.id, referrer.id);
    await answerReferral(app, referrer, a, { status: 'approved' });
    await answerReferral(app, referrer, d, { status: 'declined' });

    const expected = { total: 3, approved: 1, pending: 1, declined: 1, expired: 0 };
    const refCount = await call(
      app,
      referrer,
      'GET',
      `/referralRequest/getRefererCount/${referrer.id}`,
    );
    expect(refCount.json().data).toEqual(expected);
    const candCount = await call(
      app,
      candidate,
      'GET',
      `/referralRequest/getCandidateCount/${candidate.id}`,
    );
    expect(candCount.json().data).toEqual({ ...expected, withdrawn: 0 });
    const empty = await call(
      app,
      candidate,
      'GET',
      `/referralRequest/getRefererCount/${candidate.id}`,
    );
    expect(empty.json().data).toEqual({
      total: 0,
      approved: 0,
      pending: 0,
      declined: 0,
      expired: 0,
    });
    expect(
      (await call(app, candidate, 'GET', `/referralRequest/getRefererCount/${referrer.id}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(app, referrer, 'GET', `/referralRequest/getCandidateCount/${candidate.id}`))
        .statusCode,
    ).toBe(403);
  });
});

describe('PUT /api/referralRequest/updateReferralStatus/:id', () => {
  it("approves once, bumps the job's totalReferrals, and refuses a second decision with 409", async () => {
    const app = await ctx.build();
    const { referrer, candidate, job } = await scene(app);
    const id = (await send(app, candidate, job.id, referrer.id)).json().data._id;
    const ok = await answerReferral(app, referrer, id, { status: 'approved' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      message: 'Referral approved',
      data: { _id: id, status: 'approved' },
    });
    expect(ok.json().data.jobPostId.totalReferrals).toBe(1);
    const twice = await answerReferral(app, referrer, id, { status: 'approved' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This request has already been approved.');
    const decline = await answerReferral(app, referrer, id, { status: 'declined' });
    expect(decline.statusCode).toBe(409);
    expect(await totalReferrals(app, job.id)).toBe(1);
  });

  it('refuses a referrer deciding a request addressed to someone else, and the candidate themself', async () => {
    const app = await ctx.build();
    const { referrer, candidate, job } = await scene(app);
    const otherReferrer = await makeUser(app, 'ref2', { workEmailAdded: true }, 1);
    const id = (await send(app, candidate, job.id, referrer.id)).json().data._id;
    for (const who of [otherReferrer, candidate]) {
      const res = await answerReferral(app, who, id, { status: 'approved' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You can only update referral requests addressed to you.');
    }
    expect((await app.db.select().from(referralRequests))[0]?.status).toBe('pending');
  });

  it('refuses approving without a verified work email, but allows declining', async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref', { workEmailAdded: false }, 1);
    const candidate = await makeUser(app, 'cand');
    const job = await insertJob(app, referrer.id);
    const job2 = await insertJob(app, referrer.id);
    await uploadResume(app, candidate);
    const id = (await send(app, candidate, job.id, referrer.id)).json().data._id;
    const res = await answerReferral(app, referrer, id, { status: 'approved' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Please verify your work email before approving referrals.');
    const id2 = (await send(app, candidate, job2.id, referrer.id)).json().data._id;
    const declined = await answerReferral(app, referrer, id2, { status: 'declined' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().message).toBe('Referral declined');
    const unknown = await answerReferral(app, referrer, '00000000-0000-4000-8000-000000000000', {
      status: 'approved',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await answerReferral(app, referrer, id, { status: 'pending' });
    expect(bad.statusCode).toBe(400);
  });
});
