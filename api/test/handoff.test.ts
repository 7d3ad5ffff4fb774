// The hand-off: after a decline, "Ask another referrer at {company}" lists the active jobs of other verified
// referrers at the same company (the same title first, then the most responsive), and one click sends.
import type { FastifyInstance } from 'fastify';
import type { JobPost } from '../src/contract';
import { referralRequests, users } from '../src/db/schema';
import { setupTestContext } from './helper';
import { call, DAY_MS, insertJob, makeUser, sendReferral, uploadResume } from './market-fixtures';
import type { TestUser } from './market-fixtures';

// The figures are kept by the database at its own clock (docs/responsiveness.md): tests run at it.
const ctx = setupTestContext({ realClock: true });
const HOUR_MS = 60 * 60 * 1000;

let fillers = 0;
/** `answered` requests answered after `answerMs` and `ignored` ones past their time, to `referrerId`. */
async function track(
  app: FastifyInstance,
  referrerId: string,
  jobId: string,
  answered: number,
  answerMs: number,
  ignored = 0,
) {
  const now = app.now().getTime();
  for (let i = 0; i < answered + ignored; i++) {
    const sender = await app.db
      .insert(users)
      .values({ email: `filler-${++fillers}-${Date.now()}@example.com` })
      .returning({ id: users.id });
    const createdAt = new Date(now - (10 + i) * DAY_MS);
    const isAnswered = i < answered;
    await app.db.insert(referralRequests).values({
      jobPostId: jobId,
      senderId: sender[0]!.id,
      recipientId: referrerId,
      status: isAnswered ? 'declined' : 'pending',
      createdAt,
      respondedAt: isAnswered ? new Date(createdAt.getTime() + answerMs) : null,
    });
  }
}

const send = (app: FastifyInstance, u: TestUser, job: { id: string; userId: string }) =>
  sendReferral(app, u, job.id, job.userId);

/**
 * A candidate declined by `first` for "Backend Engineer" at Acme Corp; other referrers at Acme with
 * their histories; a referrer at another company; an unverified one at Acme.
 */
async function scene(app: FastifyInstance) {
  const referrer = (name: string, verified = true) =>
    makeUser(app, name, { workEmailAdded: verified, fullName: name }, 1);
  const first = await referrer('first');
  const slow = await referrer('slow'); // answers all, in 3 days
  const quick = await referrer('quick'); // answers all, in 2 hours
  const patchy = await referrer('patchy'); // answers half, in 1 hour
  const newbie = await referrer('newbie'); // no history
  const unverified = await referrer('unverified', false);
  const elsewhere = await referrer('elsewhere');
  const candidate = await makeUser(app, 'cand', { fullName: 'Cara Cand' });
  await uploadResume(app, candidate);

  const title = 'Backend Engineer';
  const declinedJob = await insertJob(app, first.id, { jobTitle: title });
  const jobs = {
    firstOther: await insertJob(app, first.id, { jobTitle: 'Data Engineer' }),
    slowSame: await insertJob(app, slow.id, { jobTitle: title }),
    quickOther: await insertJob(app, quick.id, { jobTitle: 'Frontend Engineer' }),
    quickSame: await insertJob(app, quick.id, { jobTitle: ' backend engineer ' }),
    patchyOther: await insertJob(app, patchy.id, { jobTitle: 'QA Engineer' }),
    newbieOther: await insertJob(app, newbie.id, { jobTitle: 'SRE' }),
    newbieInactive: await insertJob(app, newbie.id, { jobTitle: title, status: 'inactive' }),
    unverifiedSame: await insertJob(app, unverified.id, { jobTitle: title }),
    elsewhereSame: await insertJob(app, elsewhere.id, { jobTitle: title, companyName: 'Globex' }),
    candidatesOwn: await insertJob(app, candidate.id, { jobTitle: title }),
  };
  await track(app, slow.id, jobs.slowSame.id, 4, 3 * DAY_MS);
  await track(app, quick.id, jobs.quickOther.id, 4, 2 * HOUR_MS);
  await track(app, patchy.id, jobs.patchyOther.id, 4, HOUR_MS, 4);

  const sent = await send(app, candidate, declinedJob);
  expect(sent.statusCode).toBe(201);
  const requestId = sent.json().data._id as string;
  const declined = await call(
    app,
    first,
    'PUT',
    `/referralRequest/updateReferralStatus/${requestId}`,
    {
      status: 'declined',
    },
  );
  expect(declined.statusCode).toBe(200);
  return { first, quick, newbie, candidate, jobs, requestId };
}

const handoff = (app: FastifyInstance, u: TestUser | null, requestId: string) =>
  call(app, u, 'GET', `/referralRequest/handoff/${requestId}`);

const ids = (res: { json(): { data: { jobs: JobPost[] } } }) =>
  res.json().data.jobs.map((j) => j._id);

describe('GET /api/referralRequest/handoff/:requestId', () => {
  it('lists other verified referrers’ active jobs at the company: same title first, then most responsive', async () => {
    const app = await ctx.build();
    const { candidate, jobs, requestId } = await scene(app);
    const res = await handoff(app, candidate, requestId);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.companyName).toBe('Acme Corp');
    expect(res.json().data.requestId).toBe(requestId);
    expect(ids(res)).toEqual([
      jobs.quickSame.id, // same title, answers all within 2 hours
      jobs.slowSame.id, // same title, answers all within 3 days
      jobs.quickOther.id,
      jobs.patchyOther.id, // answers half
      jobs.newbieOther.id, // new referrer last
    ]);
    const first = res.json().data.jobs[0] as JobPost;
    expect(first.responsiveness).toEqual({ received: 4, answered: 4, medianAnswerSeconds: 7200 });
    expect(first.isApplied).toBe(false);
  });

  it('leaves out jobs the candidate already holds a request for', async () => {
    const app = await ctx.build();
    const { candidate, jobs, requestId } = await scene(app);
    expect((await send(app, candidate, jobs.quickOther)).statusCode).toBe(201);
    expect(ids(await handoff(app, candidate, requestId))).toEqual([
      jobs.quickSame.id,
      jobs.slowSame.id,
      jobs.patchyOther.id,
      jobs.newbieOther.id,
    ]);
  });

  it('one click sends a request with the current resume, which the second referrer then sees', async () => {
    const app = await ctx.build();
    const { quick, candidate, jobs, requestId } = await scene(app);
    const offered = (await handoff(app, candidate, requestId)).json().data.jobs[0] as JobPost;
    const sent = await send(app, candidate, { id: offered._id, userId: offered.userId });
    expect(sent.statusCode).toBe(201);
    const list = await call(app, quick, 'POST', '/referralRequest/getAllReferralRequestsData', {
      userId: quick.id,
      roleId: 1,
      status: 'pending',
    });
    expect(list.json().data.map((r: { jobPostId: { _id: string } }) => r.jobPostId._id)).toEqual([
      jobs.quickSame.id,
    ]);
    expect(list.json().data[0].senderId.resumeLink).toMatch(/^\/api\/documentsUpload\/resume\//);
  });

  it('answers an empty list when no other referrer at the company has an active job', async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'lonely', { workEmailAdded: true }, 1);
    const candidate = await makeUser(app, 'cand');
    await uploadResume(app, candidate);
    const job = await insertJob(app, referrer.id, { companyName: 'Initech' });
    const sent = await send(app, candidate, job);
    const requestId = sent.json().data._id as string;
    await call(app, referrer, 'PUT', `/referralRequest/updateReferralStatus/${requestId}`, {
      status: 'declined',
    });
    const res = await handoff(app, candidate, requestId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { requestId, companyName: 'Initech', jobs: [] },
    });
  });

  it('only the request’s candidate may ask (404 for anyone else), and only once it is declined', async () => {
    const app = await ctx.build();
    const { first, quick, candidate, jobs, requestId } = await scene(app);
    const notFound = { success: false, message: 'Referral request not found' };
    for (const who of [first, quick]) {
      const res = await handoff(app, who, requestId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    expect((await handoff(app, null, requestId)).statusCode).toBe(401);
    const unknown = await handoff(app, candidate, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const bad = await handoff(app, candidate, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);

    const pending = await send(app, candidate, jobs.slowSame);
    const early = await handoff(app, candidate, pending.json().data._id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      success: false,
      message: 'You can ask another referrer once this request is declined, expired or withdrawn.',
    });
  });
});
