// A referrer's responsiveness (share answered, median time to answer, last 90 days) on job
// lists, job details and the referrer's own dashboard, from a hand-made history.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { responsivenessText, type JobPost } from '../src/contract';
import { referralRequests, users } from '../src/db/schema';
import { refreshStaleResponsiveness } from '../src/services/responsiveness';
import { setupTestContext, signIn } from './helper';
import { call, DAY_MS, insertJob, makeUser, sendReferral, uploadResume } from './market-fixtures';
import type { TestUser } from './market-fixtures';

// The figures are kept by the database at its own clock (docs/responsiveness.md): tests run at it.
const ctx = setupTestContext({ realClock: true });
const HOUR_MS = 60 * 60 * 1000;

let candidates = 0;
/** A bare candidate row (no session): the sender of a hand-made request. */
async function candidateRow(app: FastifyInstance): Promise<string> {
  const rows = await app.db
    .insert(users)
    .values({ email: `history-${++candidates}-${Date.now()}@example.com` })
    .returning({ id: users.id });
  return rows[0]!.id;
}

interface Past {
  /** Sent this long before now. */
  ageMs: number;
  status: 'pending' | 'approved' | 'declined';
  /** Answered this long after it was sent. */
  answerMs?: number;
}

/** Inserts a request to `referrerId`'s job `jobId` for each entry of `history`. */
async function history(app: FastifyInstance, referrerId: string, jobId: string, past: Past[]) {
  const now = app.now().getTime();
  for (const p of past) {
    const createdAt = new Date(now - p.ageMs);
    const respondedAt =
      p.answerMs === undefined ? null : new Date(createdAt.getTime() + p.answerMs);
    await app.db.insert(referralRequests).values({
      jobPostId: jobId,
      senderId: await candidateRow(app),
      recipientId: referrerId,
      status: p.status,
      createdAt,
      updatedAt: respondedAt ?? createdAt,
      respondedAt,
    });
  }
}

/**
 * Six requests count: four answered (in 2 h, 5 h, 30 h and 50 h: median 17.5 h), one pending past its
 * 7 days, one answered after its 7 days (not "answered"). Not counted: one still within its time, one
 * older than 90 days.
 */
const KNOWN_HISTORY: Past[] = [
  { ageMs: 10 * DAY_MS, status: 'approved', answerMs: 2 * HOUR_MS },
  { ageMs: 20 * DAY_MS, status: 'declined', answerMs: 30 * HOUR_MS },
  { ageMs: 30 * DAY_MS, status: 'approved', answerMs: 50 * HOUR_MS },
  { ageMs: 40 * DAY_MS, status: 'declined', answerMs: 5 * HOUR_MS },
  { ageMs: 15 * DAY_MS, status: 'pending' },
  { ageMs: 50 * DAY_MS, status: 'approved', answerMs: 200 * HOUR_MS },
  { ageMs: 1 * DAY_MS, status: 'pending' },
  { ageMs: 100 * DAY_MS, status: 'approved', answerMs: 1 * HOUR_MS },
];
const KNOWN_FIGURES = { received: 6, answered: 4, medianAnswerSeconds: 17.5 * 3600 };

async function twoReferrers(app: FastifyInstance) {
  const seasoned = await makeUser(app, 'seasoned', { workEmailAdded: true }, 1);
  const fresh = await makeUser(app, 'fresh', { workEmailAdded: true }, 1);
  const seasonedJob = await insertJob(app, seasoned.id, { jobTitle: 'Seasoned job' });
  const freshJob = await insertJob(app, fresh.id, { jobTitle: 'Fresh job' });
  await history(app, seasoned.id, seasonedJob.id, KNOWN_HISTORY);
  // Two answered, quickly: still a new referrer.
  await history(app, fresh.id, freshJob.id, [
    { ageMs: 3 * DAY_MS, status: 'approved', answerMs: HOUR_MS },
    { ageMs: 4 * DAY_MS, status: 'declined', answerMs: HOUR_MS },
  ]);
  return { seasoned, fresh, seasonedJob, freshJob };
}

const jobIn = (list: JobPost[], id: string) => list.find((j) => j._id === id);

async function rowStatus(app: FastifyInstance, id: string) {
  const [row] = await app.db
    .select({ status: referralRequests.status })
    .from(referralRequests)
    .where(eq(referralRequests.id, id));
  return row!;
}

describe('responsiveness on a hand-made history', () => {
  it('the public job list answers each job with its referrer’s figures', async () => {
    const app = await ctx.build();
    const { seasonedJob, freshJob } = await twoReferrers(app);
    const res = await call(app, null, 'POST', '/jobPost/getAllJobPost', { start: 0, limit: 9 });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as JobPost[];
    expect(jobIn(list, seasonedJob.id)?.responsiveness).toEqual(KNOWN_FIGURES);
    expect(jobIn(list, freshJob.id)?.responsiveness).toEqual({
      received: 2,
      answered: 2,
      medianAnswerSeconds: 3600,
    });
    expect(responsivenessText(jobIn(list, seasonedJob.id)?.responsiveness)).toBe(
      'Usually answers within 18 hours · 66% answered',
    );
    expect(responsivenessText(jobIn(list, freshJob.id)?.responsiveness)).toBe('New referrer');
  });

  it('a search, a company page and the candidate’s suggestions carry the same figures', async () => {
    const app = await ctx.build();
    const { seasonedJob } = await twoReferrers(app);
    const search = await call(app, null, 'POST', '/jobPost/getAllJobPost', {
      search: 'seasoned',
    });
    expect(jobIn(search.json().data, seasonedJob.id)?.responsiveness).toEqual(KNOWN_FIGURES);
    const candidate = await makeUser(app, 'cand', { skills: ['Go'] });
    const suggested = await call(
      app,
      candidate,
      'GET',
      `/jobPost/getJobsByCandidate/${candidate.id}`,
    );
    expect(jobIn(suggested.json().data, seasonedJob.id)?.responsiveness).toEqual(KNOWN_FIGURES);
  });

  it('job details show the referrer’s figures', async () => {
    const app = await ctx.build();
    const { seasoned, seasonedJob } = await twoReferrers(app);
    const viewer = await makeUser(app, 'viewer');
    const res = await call(app, viewer, 'GET', `/jobPost/GetById/${seasonedJob.id}/${seasoned.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.responsiveness).toEqual(KNOWN_FIGURES);
  });

  it('the referrer sees their own figures; nobody else may ask for them', async () => {
    const app = await ctx.build();
    const { seasoned, fresh } = await twoReferrers(app);
    const mine = await call(
      app,
      seasoned,
      'GET',
      `/referralRequest/getResponsiveness/${seasoned.id}`,
    );
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ success: true, data: KNOWN_FIGURES });
    const other = await call(
      app,
      fresh,
      'GET',
      `/referralRequest/getResponsiveness/${seasoned.id}`,
    );
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({
      success: false,
      message: 'You can only see your own response figures.',
    });
    const anonymous = await call(
      app,
      null,
      'GET',
      `/referralRequest/getResponsiveness/${seasoned.id}`,
    );
    expect(anonymous.statusCode).toBe(401);
    const bad = await call(app, seasoned, 'GET', '/referralRequest/getResponsiveness/nope');
    expect(bad.statusCode).toBe(400);
  });

  it('a referrer with no history is new, with zero figures', async () => {
    const app = await ctx.build();
    const nobody = await makeUser(app, 'nobody', {}, 1);
    const res = await call(app, nobody, 'GET', `/referralRequest/getResponsiveness/${nobody.id}`);
    expect(res.json().data).toEqual({ received: 0, answered: 0, medianAnswerSeconds: null });
    expect(responsivenessText(res.json().data)).toBe('New referrer');
  });

  it('the window moves with time: 72 days on, once the sweep has run, only the newest requests count', async () => {
    const app = await ctx.build();
    const { seasoned } = await twoReferrers(app);
    ctx.clock.advance(72 * DAY_MS);
    // Sessions do not last 72 days: sign in again.
    const again = await signIn(app, seasoned.email, 1);
    const figures = async () =>
      (
        await call(
          app,
          { ...seasoned, cookie: again.cookie },
          'GET',
          `/referralRequest/getResponsiveness/${seasoned.id}`,
        )
      ).json().data;
    // Until a sweep, the figures are those of the last computation (at most an hour old in service).
    expect(await figures()).toEqual(KNOWN_FIGURES);
    expect((await app.referrals.sweep()).refreshed).toBe(2);
    // Still inside 90 days: the 10-day-old answer (2 h), the 15-day-old request past its time, and the
    // 1-day-old request, now past its time without an answer.
    expect(await figures()).toEqual({ received: 3, answered: 1, medianAnswerSeconds: 2 * 3600 });
  });

  it('approving or declining stamps responded_at, and the answer counts at once', async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref', { workEmailAdded: true }, 1);
    const job = await insertJob(app, referrer.id);
    const senders: TestUser[] = [];
    for (const name of ['a', 'b', 'c']) {
      const u = await makeUser(app, name);
      await uploadResume(app, u);
      senders.push(u);
    }
    const ids: string[] = [];
    for (const u of senders) {
      const sent = await sendReferral(app, u, job.id, referrer.id);
      expect(sent.statusCode).toBe(201);
      ids.push(sent.json().data._id);
    }
    const answers = [
      { after: 3 * HOUR_MS, status: 'approved' },
      { after: 3 * HOUR_MS, status: 'declined' },
      { after: 2 * DAY_MS, status: 'approved' },
    ];
    for (const [i, a] of answers.entries()) {
      ctx.clock.advance(a.after);
      const res = await call(
        app,
        referrer,
        'PUT',
        `/referralRequest/updateReferralStatus/${ids[i]}`,
        {
          status: a.status,
        },
      );
      expect(res.statusCode).toBe(200);
    }
    const rows = await app.db
      .select({ id: referralRequests.id, respondedAt: referralRequests.respondedAt })
      .from(referralRequests)
      .where(eq(referralRequests.recipientId, referrer.id));
    const byId = new Map(rows.map((r) => [r.id, r.respondedAt?.getTime()]));
    const sentAt = ctx.clock.now().getTime() - (3 * HOUR_MS + 3 * HOUR_MS + 2 * DAY_MS);
    expect(ids.map((id) => byId.get(id))).toEqual([
      sentAt + 3 * HOUR_MS,
      sentAt + 6 * HOUR_MS,
      sentAt + 6 * HOUR_MS + 2 * DAY_MS,
    ]);
    const figures = await call(
      app,
      referrer,
      'GET',
      `/referralRequest/getResponsiveness/${referrer.id}`,
    );
    expect(figures.json().data).toEqual({
      received: 3,
      answered: 3,
      medianAnswerSeconds: 6 * 3600,
    });
    expect(responsivenessText(figures.json().data)).toBe(
      'Usually answers within 6 hours · 100% answered',
    );
  });

  it('every write path changes the figures at once: a new request, an answer, an expiry, a withdraw', async () => {
    // A request's time for the figures is 168 hours; expiry comes later here, so a pending request
    // can be past its time (counted, unanswered) and still be withdrawn.
    const app = await ctx.build({ REFERRAL_EXPIRY_HOURS: 240 });
    const referrer = await makeUser(app, 'ref', { workEmailAdded: true }, 1);
    const job = await insertJob(app, referrer.id);
    const [a, b, w] = [
      await makeUser(app, 'a'),
      await makeUser(app, 'b'),
      await makeUser(app, 'w'),
    ];
    for (const u of [a, b]) await uploadResume(app, u);
    const figures = async () =>
      (await call(app, referrer, 'GET', `/referralRequest/getResponsiveness/${referrer.id}`)).json()
        .data;
    const sentAt = app.now().getTime();
    const [late] = await app.db
      .insert(referralRequests)
      .values({
        jobPostId: job.id,
        senderId: w.id,
        recipientId: referrer.id,
        createdAt: new Date(sentAt - 8 * DAY_MS),
        expiresAt: new Date(sentAt + 2 * DAY_MS),
      })
      .returning({ id: referralRequests.id });
    expect(await figures()).toEqual({ received: 1, answered: 0, medianAnswerSeconds: null });

    // New requests within their time are not counted yet.
    const send = async (u: TestUser) => {
      const res = await sendReferral(app, u, job.id, referrer.id);
      expect(res.statusCode).toBe(201);
      return res.json().data._id as string;
    };
    const [ra, rb] = [await send(a), await send(b)];
    expect(await figures()).toEqual({ received: 1, answered: 0, medianAnswerSeconds: null });

    ctx.clock.advance(2 * HOUR_MS);
    const approved = await call(
      app,
      referrer,
      'PUT',
      `/referralRequest/updateReferralStatus/${ra}`,
      {
        status: 'approved',
      },
    );
    expect(approved.statusCode).toBe(200);
    expect(await figures()).toEqual({ received: 2, answered: 1, medianAnswerSeconds: 7200 });

    const withdrawn = await call(app, w, 'POST', `/referralRequest/withdraw/${late!.id}`);
    expect(withdrawn.statusCode).toBe(200);
    expect(await figures()).toEqual({ received: 1, answered: 1, medianAnswerSeconds: 7200 });

    ctx.clock.advance(240 * HOUR_MS);
    expect(await app.referrals.expireDue()).toBe(1);
    expect((await rowStatus(app, rb)).status).toBe('expired');
    expect(await figures()).toEqual({ received: 2, answered: 1, medianAnswerSeconds: 7200 });
  });

  it('the sweep drops requests that left the window, a bounded batch at a time, and is idempotent', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 }); // the list read anew each time
    const { seasoned, seasonedJob } = await twoReferrers(app);
    const outgoing = await makeUser(app, 'outgoing', { workEmailAdded: true }, 1);
    const outgoingJob = await insertJob(app, outgoing.id);
    await history(app, outgoing.id, outgoingJob.id, [
      { ageMs: 89 * DAY_MS, status: 'approved', answerMs: HOUR_MS },
      { ageMs: 10 * DAY_MS, status: 'approved', answerMs: 3 * HOUR_MS },
    ]);
    const listed = async () =>
      (await call(app, null, 'POST', '/jobPost/getAllJobPost', { start: 0, limit: 9 }))
        .json()
        .data.find((j: JobPost) => j._id === outgoingJob.id)?.responsiveness;
    expect(await listed()).toEqual({ received: 2, answered: 2, medianAnswerSeconds: 7200 });

    // Two days on the 89-day-old answer is out of the window; the figures follow once swept.
    ctx.clock.advance(2 * DAY_MS);
    expect(await listed()).toEqual({ received: 2, answered: 2, medianAnswerSeconds: 7200 });
    // A batch of two: two of the three referrers now, the third on the next tick.
    expect(await refreshStaleResponsiveness(app.db, app.now(), HOUR_MS, 2)).toBe(2);
    expect(await refreshStaleResponsiveness(app.db, app.now(), HOUR_MS, 2)).toBe(1);
    expect(await listed()).toEqual({ received: 1, answered: 1, medianAnswerSeconds: 3 * 3600 });
    // Nothing is older than an hour now: a sweep of any instance recomputes nothing.
    expect((await app.referrals.sweep()).refreshed).toBe(0);
    ctx.clock.advance(HOUR_MS + 1000);
    expect((await app.referrals.sweep()).refreshed).toBe(3);
    expect(await listed()).toEqual({ received: 1, answered: 1, medianAnswerSeconds: 3 * 3600 });
    // The others' figures are what they were (still inside their windows).
    const details = await call(
      app,
      await makeUser(app, 'viewer'),
      'GET',
      `/jobPost/GetById/${seasonedJob.id}/${seasoned.id}`,
    );
    expect(details.json().data.responsiveness).toEqual(KNOWN_FIGURES);
  });

  it('answers to one referrer from two instances at once are all counted', async () => {
    const app = await ctx.build();
    const other = await ctx.build();
    const referrer = await makeUser(app, 'ref', { workEmailAdded: true }, 1);
    const job = await insertJob(app, referrer.id);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const u = await makeUser(app, `c${i}`);
      await uploadResume(app, u);
      const sent = await sendReferral(app, u, job.id, referrer.id);
      ids.push(sent.json().data._id);
    }
    ctx.clock.advance(HOUR_MS);
    const answers = await Promise.all(
      ids.map((id, i) =>
        call(i % 2 ? other : app, referrer, 'PUT', `/referralRequest/updateReferralStatus/${id}`, {
          status: i % 3 ? 'approved' : 'declined',
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const res = await call(
      app,
      referrer,
      'GET',
      `/referralRequest/getResponsiveness/${referrer.id}`,
    );
    expect(res.json().data).toEqual({ received: 6, answered: 6, medianAnswerSeconds: 3600 });
  });

  it('an answer stamped before its request (two instances’ clocks apart) is answered in 0 s, never less', async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'skewed', { workEmailAdded: true }, 1);
    const job = await insertJob(app, referrer.id);
    await history(app, referrer.id, job.id, [
      { ageMs: 2 * DAY_MS, status: 'approved', answerMs: -19_000 },
    ]);
    const res = await call(
      app,
      referrer,
      'GET',
      `/referralRequest/getResponsiveness/${referrer.id}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ received: 1, answered: 1, medianAnswerSeconds: 0 });
  });
});
