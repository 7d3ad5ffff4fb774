// Saved jobs: a candidate's own hearts, a page at a time, newest save first; nobody sees another's.
import { SAVED_JOB_MESSAGES } from '../src/contract';
import { MINUTE, setupTestContext } from './helper';
import { call, expectIdRefusals, insertJob, makeUser } from './market-fixtures';

const ctx = setupTestContext();

describe('saved jobs', () => {
  it('saves and unsaves a job, idempotently, and says which of a list are saved', async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref', { workEmailAdded: true }, 1);
    const candidate = await makeUser(app, 'cand');
    const [a, b] = [await insertJob(app, referrer.id), await insertJob(app, referrer.id)];

    const saved = await call(app, candidate, 'PUT', `/savedJobs/${a.id}`);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      success: true,
      message: SAVED_JOB_MESSAGES.saved,
      data: { jobPostId: a.id, saved: true },
    });
    expect((await call(app, candidate, 'PUT', `/savedJobs/${a.id}`)).statusCode).toBe(200);
    const which = await call(app, candidate, 'POST', '/savedJobs/which', { jobIds: [a.id, b.id] });
    expect(which.json().data).toEqual([a.id]);

    const removed = await call(app, candidate, 'DELETE', `/savedJobs/${a.id}`);
    expect(removed.json()).toEqual({
      success: true,
      message: SAVED_JOB_MESSAGES.removed,
      data: { jobPostId: a.id, saved: false },
    });
    expect((await call(app, candidate, 'DELETE', `/savedJobs/${a.id}`)).statusCode).toBe(200);
    expect(
      (await call(app, candidate, 'POST', '/savedJobs/which', { jobIds: [a.id] })).json().data,
    ).toEqual([]);
  });

  it('pages the saved jobs on the server, newest save first, with the total', async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref', { workEmailAdded: true }, 1);
    const candidate = await makeUser(app, 'cand');
    const jobs = [];
    for (let i = 0; i < 3; i++) {
      const job = await insertJob(app, referrer.id, { jobTitle: `Job ${i}` });
      jobs.push(job);
      await call(app, candidate, 'PUT', `/savedJobs/${job.id}`);
      ctx.clock.advance(MINUTE);
    }
    const first = await call(app, candidate, 'GET', '/savedJobs?start=0&limit=2');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.total).toBe(3);
    expect([body.start, body.limit]).toEqual([0, 2]);
    expect(body.data.map((s: { job: { jobTitle: string } }) => s.job.jobTitle)).toEqual([
      'Job 2',
      'Job 1',
    ]);
    expect(body.data[0].savedAt).toBe(new Date(ctx.clock.now().getTime() - MINUTE).toISOString());
    const second = (await call(app, candidate, 'GET', '/savedJobs?start=2&limit=2')).json();
    expect(second.data.map((s: { job: { _id: string } }) => s.job._id)).toEqual([jobs[0]!.id]);
  });

  it("is the caller's own only: another user sees none of it; anonymous is refused", async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref', { workEmailAdded: true }, 1);
    const candidate = await makeUser(app, 'cand');
    const other = await makeUser(app, 'other');
    const job = await insertJob(app, referrer.id);
    await call(app, candidate, 'PUT', `/savedJobs/${job.id}`);

    expect((await call(app, other, 'GET', '/savedJobs')).json()).toMatchObject({
      data: [],
      total: 0,
    });
    expect(
      (await call(app, other, 'POST', '/savedJobs/which', { jobIds: [job.id] })).json().data,
    ).toEqual([]);
    // Another's unsave touches only their own (nothing): the candidate's save stays.
    await call(app, other, 'DELETE', `/savedJobs/${job.id}`);
    expect((await call(app, candidate, 'GET', '/savedJobs')).json().total).toBe(1);

    expect((await call(app, null, 'GET', '/savedJobs')).statusCode).toBe(401);
    expect((await call(app, null, 'PUT', `/savedJobs/${job.id}`)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown job and 400 for bad input', async () => {
    const app = await ctx.build();
    const candidate = await makeUser(app, 'cand');
    await expectIdRefusals(app, candidate, 'PUT', '/savedJobs', SAVED_JOB_MESSAGES.jobNotFound);
    expect((await call(app, candidate, 'GET', '/savedJobs?limit=500')).json().message).toBe(
      'limit must be at most 50',
    );
    const many = Array.from({ length: 101 }, () => '00000000-0000-4000-8000-000000000000');
    const tooMany = await call(app, candidate, 'POST', '/savedJobs/which', { jobIds: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('At most 100 jobs at a time');
  });
});
