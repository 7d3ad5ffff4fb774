// The referral request's lifecycle (docs/referral-lifecycle.md): pending → approved / declined /
// expired / withdrawn and nothing else; decline reasons; expiry with its reminder and notice; the caps;
// the resume's access per state. PGlite here, PostgreSQL with `npm run test:pg`.
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { mailOutbox, notifications, referralRequests } from '../src/db/schema';
import { setupTestContext, testConfig } from './helper';
import {
  answerReferral,
  call,
  insertJob,
  listReferrals,
  makeUser,
  sendReferral,
  type TestUser,
  uploadResume,
} from './market-fixtures';

const ctx = setupTestContext();
type App = Awaited<ReturnType<typeof ctx.build>>;
const HOUR = 60 * 60 * 1000;

const send = sendReferral;
const answer = answerReferral;
const withdraw = (app: App, u: TestUser, id: string) =>
  call(app, u, 'POST', `/referralRequest/withdraw/${id}`);
const list = async (app: App, u: TestUser, roleId: 0 | 1, status: string) => {
  const res = await listReferrals(app, u, roleId, status);
  expect(res.statusCode).toBe(200);
  return res.json().data as { _id: string; status: string; [k: string]: unknown }[];
};
const counts = async (app: App, u: TestUser, side: 'getRefererCount' | 'getCandidateCount') =>
  (await call(app, u, 'GET', `/referralRequest/${side}/${u.id}`)).json().data;

async function scene(app: App) {
  const referrer = await makeUser(app, 'ref', { workEmailAdded: true, fullName: 'Ravi Ref' }, 1);
  const candidate = await makeUser(app, 'cand', { fullName: 'Cara Cand' });
  const job = await insertJob(app, referrer.id);
  expect((await uploadResume(app, candidate)).statusCode).toBe(200);
  const sent = await send(app, candidate, job.id, referrer.id);
  expect(sent.statusCode).toBe(201);
  return { referrer, candidate, job, requestId: sent.json().data._id as string };
}

/** The request's stored row. */
const rowOf = async (app: App, id: string) =>
  (await app.db.select().from(referralRequests).where(eq(referralRequests.id, id)))[0]!;

const notificationsOf = (app: App, userId: string) =>
  app.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('configuration', () => {
  it('defaults to 168 hours, 10 pending and 5 a day, and refuses bad values at boot', () => {
    const c = testConfig();
    expect([c.REFERRAL_EXPIRY_HOURS, c.PENDING_REQUESTS_MAX, c.REQUESTS_PER_DAY]).toEqual([
      168, 10, 5,
    ]);
    for (const env of [
      { REFERRAL_EXPIRY_HOURS: '0' },
      { REFERRAL_EXPIRY_HOURS: '8761' },
      { REFERRAL_EXPIRY_HOURS: '1.5' },
      { PENDING_REQUESTS_MAX: '0' },
      { REQUESTS_PER_DAY: 'many' },
    ]) {
      expect(() => loadConfig(env)).toThrow(Object.keys(env)[0]);
    }
  });
});

describe('transitions: only pending changes, once', () => {
  it('pending → approved; then no decline, withdraw or second approval', async () => {
    const app = await ctx.build();
    const { referrer, candidate, requestId } = await scene(app);
    const ok = await answer(app, referrer, requestId, { status: 'approved' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'approved', declineReason: null });
    for (const body of [{ status: 'approved' }, { status: 'declined' }]) {
      const again = await answer(app, referrer, requestId, body);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This request has already been approved.');
    }
    const w = await withdraw(app, candidate, requestId);
    expect(w.statusCode).toBe(409);
    expect(w.json().message).toBe('This request has already been approved.');
  });

  it('pending → declined with a reason the candidate sees (card and notification); then nothing', async () => {
    const app = await ctx.build();
    const { referrer, candidate, requestId } = await scene(app);
    const res = await answer(app, referrer, requestId, {
      status: 'declined',
      reason: 'other',
      note: '  We only hire in Berlin for this team.  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Referral declined');
    const [card] = await list(app, candidate, 0, 'declined');
    expect(card).toMatchObject({
      _id: requestId,
      status: 'declined',
      declineReason: 'other',
      declineNote: 'We only hire in Berlin for this team.',
    });
    const [told] = (await notificationsOf(app, candidate.id)).filter(
      (n) => n.kind === 'referral_declined',
    );
    expect(told?.data.reason).toBe('We only hire in Berlin for this team.');
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.notificationId, told!.id));
    expect(mail?.text).toContain('Reason: We only hire in Berlin for this team.');

    expect((await answer(app, referrer, requestId, { status: 'approved' })).statusCode).toBe(409);
    const w = await withdraw(app, candidate, requestId);
    expect(w.statusCode).toBe(409);
    expect(w.json().message).toBe('This request has already been declined.');
  });

  it('a listed reason is stored with its label in the notification; the spec decline without one still works', async () => {
    const app = await ctx.build();
    const { referrer, candidate, job, requestId } = await scene(app);
    await answer(app, referrer, requestId, { status: 'declined', reason: 'role_filled' });
    expect(await rowOf(app, requestId)).toMatchObject({
      declineReason: 'role_filled',
      declineNote: null,
    });
    const told = (await notificationsOf(app, candidate.id)).find(
      (n) => n.kind === 'referral_declined',
    );
    expect(told?.data.reason).toBe('Role already filled');

    const job2 = await insertJob(app, referrer.id);
    const second = (await send(app, candidate, job2.id, referrer.id)).json().data._id;
    const plain = await answer(app, referrer, second, { status: 'declined' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data).toMatchObject({ declineReason: null, declineNote: null });
    // A declined request keeps the job: no second request for it.
    expect((await send(app, candidate, job.id, referrer.id)).statusCode).toBe(409);
  });

  it('refuses malformed reasons with 400 and a clear message', async () => {
    const app = await ctx.build();
    const { referrer, requestId } = await scene(app);
    const cases: [object, string][] = [
      [{ status: 'declined', reason: 'busy' }, 'Reason must be'],
      [{ status: 'declined', reason: 'other' }, 'Please write a note for the reason Other'],
      [{ status: 'declined', reason: 'other', note: '   ' }, 'Please write a note'],
      [{ status: 'declined', reason: 'other', note: 'x'.repeat(281) }, 'at most 280 characters'],
      [
        { status: 'declined', reason: 'role_filled', note: 'hi' },
        'A note goes with the reason Other only',
      ],
      [{ status: 'approved', reason: 'role_filled' }, 'Only a decline takes a reason'],
      [{ status: 'expired' }, 'Status must be approved or declined'],
      [{ status: 'withdrawn' }, 'Status must be approved or declined'],
    ];
    for (const [body, message] of cases) {
      const res = await answer(app, referrer, requestId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const ok = await answer(app, referrer, requestId, {
      status: 'declined',
      reason: 'other',
      note: 'x'.repeat(280),
    });
    expect(ok.statusCode).toBe(200);
    expect((await rowOf(app, requestId)).status).toBe('declined');
  });

  it('pending → withdrawn by its candidate only: gone for the referrer, in the candidate’s own "Withdrawn" list and count (not "No response", not the total), frees the job, tells nobody', async () => {
    const app = await ctx.build();
    const { referrer, candidate, job, requestId } = await scene(app);
    const stranger = await makeUser(app, 'other');
    const notYours = await withdraw(app, stranger, requestId);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().message).toBe('You can only withdraw referral requests you sent.');
    expect((await withdraw(app, referrer, requestId)).statusCode).toBe(403);
    expect((await withdraw(app, candidate, crypto.randomUUID())).statusCode).toBe(404);
    expect(
      (await call(app, null, 'POST', `/referralRequest/withdraw/${requestId}`)).statusCode,
    ).toBe(401);
    const before = (await notificationsOf(app, referrer.id)).length;

    const res = await withdraw(app, candidate, requestId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Referral request withdrawn',
      data: { _id: requestId, status: 'withdrawn' },
    });
    expect(await list(app, referrer, 1, 'pending')).toEqual([]);
    expect(await list(app, candidate, 0, 'pending')).toEqual([]);
    // The referrer never sees it again, in no list and no count.
    for (const status of ['approved', 'declined', 'expired', 'withdrawn'])
      expect(await list(app, referrer, 1, status)).toEqual([]);
    expect(await counts(app, referrer, 'getRefererCount')).toEqual({
      total: 0,
      approved: 0,
      pending: 0,
      declined: 0,
      expired: 0,
    });
    // The candidate finds it in their "Withdrawn" tab, counted there and not in the total.
    expect((await list(app, candidate, 0, 'withdrawn')).map((r) => [r._id, r.status])).toEqual([
      [requestId, 'withdrawn'],
    ]);
    expect(await list(app, candidate, 0, 'expired')).toEqual([]);
    expect(await counts(app, candidate, 'getCandidateCount')).toEqual({
      total: 0,
      approved: 0,
      pending: 0,
      declined: 0,
      expired: 0,
      withdrawn: 1,
    });
    expect((await notificationsOf(app, referrer.id)).length).toBe(before);
    // Nothing changes a withdrawn request.
    const approve = await answer(app, referrer, requestId, { status: 'approved' });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toBe('This request has been withdrawn by the candidate.');
    expect((await withdraw(app, candidate, requestId)).statusCode).toBe(409);
    // The job can be requested again; the withdrawn card stays under "Withdrawn".
    const again = await send(app, candidate, job.id, referrer.id);
    expect(again.statusCode).toBe(201);
    expect(again.json().data._id).not.toBe(requestId);
    expect((await list(app, candidate, 0, 'pending')).map((r) => r._id)).toEqual([
      again.json().data._id,
    ]);
    expect((await list(app, candidate, 0, 'withdrawn')).map((r) => r._id)).toEqual([requestId]);
    expect(await counts(app, candidate, 'getCandidateCount')).toMatchObject({
      total: 1,
      pending: 1,
      withdrawn: 1,
    });
    expect(await counts(app, referrer, 'getRefererCount')).toMatchObject({ total: 1, pending: 1 });
  });

  it('pending → expired after REFERRAL_EXPIRY_HOURS: "No response" for the candidate, counted, not approvable, job free again', async () => {
    const app = await ctx.build({ REFERRAL_EXPIRY_HOURS: 48 });
    const { referrer, candidate, job, requestId } = await scene(app);
    const row = await rowOf(app, requestId);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(48 * HOUR);
    ctx.clock.advance(48 * HOUR - 1000);
    expect((await list(app, candidate, 0, 'pending')).map((r) => r._id)).toEqual([requestId]);

    ctx.clock.advance(1000);
    // Read time already treats it as expired (the read expires it first).
    expect(await list(app, candidate, 0, 'pending')).toEqual([]);
    const [expired] = await list(app, candidate, 0, 'expired');
    expect(expired).toMatchObject({ _id: requestId, status: 'expired' });
    expect(await counts(app, candidate, 'getCandidateCount')).toEqual({
      total: 1,
      approved: 0,
      pending: 0,
      declined: 0,
      expired: 1,
      withdrawn: 0,
    });
    expect(await counts(app, referrer, 'getRefererCount')).toMatchObject({ total: 1, expired: 1 });
    const approve = await answer(app, referrer, requestId, { status: 'approved' });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toBe('This request has expired without an answer.');
    expect((await withdraw(app, candidate, requestId)).statusCode).toBe(409);

    // The candidate is told once, by bell and mail.
    const told = (await notificationsOf(app, candidate.id)).filter(
      (n) => n.kind === 'referral_expired',
    );
    expect(told).toHaveLength(1);
    expect(await app.referrals.sweep()).toEqual({ expired: 0, warned: 0, refreshed: 0 });
    const mails = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'referral_expired'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(
      `Your referral request for ${job.jobTitle} at Acme Corp expired without an answer`,
    );

    // The job is free for a new request.
    expect((await send(app, candidate, job.id, referrer.id)).statusCode).toBe(201);
  });

  it('an overdue request expires even when nobody reads: the sweep of any instance, each once', async () => {
    const app = await ctx.build();
    const other = await ctx.build();
    const { candidate, requestId } = await scene(app);
    ctx.clock.advance(168 * HOUR);
    const results = await Promise.all([app.referrals.sweep(), other.referrals.sweep()]);
    expect(results.reduce((n, r) => n + r.expired, 0)).toBe(1);
    expect((await rowOf(app, requestId)).status).toBe('expired');
    expect(
      (await notificationsOf(app, candidate.id)).filter((n) => n.kind === 'referral_expired'),
    ).toHaveLength(1);
  });
});

describe('the day-before reminder', () => {
  it('tells the referrer once, a day before expiry, by bell and e-mail; never after an answer', async () => {
    const app = await ctx.build();
    const other = await ctx.build();
    const { referrer, candidate, job, requestId } = await scene(app);
    const job2 = await insertJob(app, referrer.id);
    const answered = (await send(app, candidate, job2.id, referrer.id)).json().data._id;
    await answer(app, referrer, answered, { status: 'declined' });

    ctx.clock.advance(144 * HOUR - 1000);
    expect((await app.referrals.sweep()).warned).toBe(0);
    ctx.clock.advance(1000);
    const both = await Promise.all([app.referrals.warnExpiring(), other.referrals.warnExpiring()]);
    expect(both[0] + both[1]).toBe(1);
    expect((await app.referrals.sweep()).warned).toBe(0);
    ctx.clock.advance(12 * HOUR);
    expect((await app.referrals.sweep()).warned).toBe(0);

    const reminders = (await notificationsOf(app, referrer.id)).filter(
      (n) => n.kind === 'referral_expiring',
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.referralRequestId).toBe(requestId);
    const bell = await call(app, referrer, 'GET', '/notifications');
    const item = bell
      .json()
      .data.items.find((i: { kind: string }) => i.kind === 'referral_expiring');
    expect(item).toMatchObject({
      text: `The referral request from Cara Cand for ${job.jobTitle} at Acme Corp expires in a day unless you answer it.`,
      link: `/dashboard/referralRequests?status=pending&request=${requestId}`,
    });
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'referral_expiring'));
    expect(mail?.to).toBe(referrer.email);
    expect(mail?.subject).toBe(
      `A referral request for ${job.jobTitle} at Acme Corp expires tomorrow`,
    );
    expect(mail?.text).not.toContain(candidate.email);
  });

  it('respects the preference: no mail when the kind is off, the bell item still comes', async () => {
    const app = await ctx.build();
    const { referrer, candidate } = await scene(app);
    expect(
      (
        await call(app, referrer, 'PUT', '/notifications/preferences', {
          referral_expiring: false,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call(app, candidate, 'PUT', '/notifications/preferences', { referral_expired: false }))
        .statusCode,
    ).toBe(200);
    ctx.clock.advance(150 * HOUR);
    expect(await app.referrals.warnExpiring()).toBe(1);
    ctx.clock.advance(18 * HOUR);
    expect(await app.referrals.expireDue()).toBe(1);
    for (const [who, kind] of [
      [referrer, 'referral_expiring'],
      [candidate, 'referral_expired'],
    ] as const) {
      expect((await notificationsOf(app, who.id)).filter((n) => n.kind === kind)).toHaveLength(1);
      expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind))).toHaveLength(
        0,
      );
    }
  });
});

describe('caps', () => {
  it('refuses the 3rd pending request with 429 naming the limit and when the oldest expires', async () => {
    const app = await ctx.build({ PENDING_REQUESTS_MAX: 2, REQUESTS_PER_DAY: 100 });
    const { referrer, candidate, requestId } = await scene(app);
    ctx.clock.advance(HOUR);
    const job2 = await insertJob(app, referrer.id);
    expect((await send(app, candidate, job2.id, referrer.id)).statusCode).toBe(201);
    const job3 = await insertJob(app, referrer.id);
    const refused = await send(app, candidate, job3.id, referrer.id);
    expect(refused.statusCode).toBe(429);
    const oldest = (await rowOf(app, requestId)).expiresAt;
    expect(refused.json()).toEqual({
      success: false,
      limit: 'pending',
      availableAt: oldest.toISOString(),
      message:
        'You already have 2 pending referral requests, the most you can have at once. One frees up when your oldest request expires on 17 Mar 2025, 09:00 UTC, or when you withdraw one.',
    });
    expect(refused.headers['retry-after']).toBe(String(167 * 60 * 60));
    // Withdrawing one frees a place at once.
    expect((await withdraw(app, candidate, requestId)).statusCode).toBe(200);
    expect((await send(app, candidate, job3.id, referrer.id)).statusCode).toBe(201);
  });

  it('refuses the 4th request of a rolling day (withdrawn ones count) until the oldest leaves the window', async () => {
    const app = await ctx.build({ REQUESTS_PER_DAY: 3 });
    const { referrer, candidate, requestId } = await scene(app);
    const first = await rowOf(app, requestId);
    await withdraw(app, candidate, requestId);
    const jobs = await Promise.all([1, 2, 3].map(() => insertJob(app, referrer.id)));
    ctx.clock.advance(2 * HOUR);
    expect((await send(app, candidate, jobs[0]!.id, referrer.id)).statusCode).toBe(201);
    expect((await send(app, candidate, jobs[1]!.id, referrer.id)).statusCode).toBe(201);
    const refused = await send(app, candidate, jobs[2]!.id, referrer.id);
    expect(refused.statusCode).toBe(429);
    const frees = new Date(first.createdAt.getTime() + 24 * HOUR);
    expect(refused.json()).toMatchObject({ limit: 'daily', availableAt: frees.toISOString() });
    expect(refused.json().message).toBe(
      'You have sent 3 referral requests in the last 24 hours, the most allowed. You can send another on 11 Mar 2025, 09:00 UTC.',
    );
    ctx.clock.set(frees);
    expect((await send(app, candidate, jobs[2]!.id, referrer.id)).statusCode).toBe(201);
  });

  it('holds under parallel requests and across instances: never more than the cap', async () => {
    const app = await ctx.build({ PENDING_REQUESTS_MAX: 3, REQUESTS_PER_DAY: 100 });
    const other = await ctx.build({ PENDING_REQUESTS_MAX: 3, REQUESTS_PER_DAY: 100 });
    const referrer = await makeUser(app, 'ref', { workEmailAdded: true }, 1);
    const candidate = await makeUser(app, 'cand');
    await uploadResume(app, candidate);
    const jobs = await Promise.all(Array.from({ length: 8 }, () => insertJob(app, referrer.id)));
    const results = await Promise.all(
      jobs.map((j, i) => send(i % 2 ? other : app, candidate, j.id, referrer.id)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    expect(await app.db.$count(referralRequests, eq(referralRequests.senderId, candidate.id))).toBe(
      3,
    );
  });
});

describe('resume privacy', () => {
  const resume = (app: App, u: TestUser, senderId: string, requestId?: string) =>
    app.inject({
      method: 'GET',
      url: `/api/documentsUpload/resume/${senderId}${requestId ? `?requestId=${requestId}` : ''}`,
      headers: { cookie: u.cookie },
    });

  it('the referrer opens it while pending or approved; 404 after a decline, expiry or withdraw; the candidate always', async () => {
    const app = await ctx.build();
    const { referrer, candidate, requestId } = await scene(app);
    const stranger = await makeUser(app, 'stranger', {}, 1);
    expect((await resume(app, referrer, candidate.id, requestId)).statusCode).toBe(200);
    expect((await resume(app, referrer, candidate.id)).statusCode).toBe(200);
    expect((await resume(app, stranger, candidate.id, requestId)).statusCode).toBe(403);
    const [pendingCard] = await list(app, referrer, 1, 'pending');
    expect((pendingCard?.senderId as { resumeLink: string }).resumeLink).toContain(requestId);

    // Approved: still open.
    const job2 = await insertJob(app, referrer.id);
    const approvedId = (await send(app, candidate, job2.id, referrer.id)).json().data._id;
    await answer(app, referrer, approvedId, { status: 'approved' });
    expect((await resume(app, referrer, candidate.id, approvedId)).statusCode).toBe(200);

    // Declined, withdrawn, expired: gone for the referrer, the link too.
    await answer(app, referrer, requestId, { status: 'declined', reason: 'skills_mismatch' });
    const declined = await resume(app, referrer, candidate.id, requestId);
    expect(declined.statusCode).toBe(404);
    const [declinedCard] = await list(app, referrer, 1, 'declined');
    expect((declinedCard?.senderId as { resumeLink: string | null }).resumeLink).toBeNull();
    expect((await resume(app, candidate, candidate.id, requestId)).statusCode).toBe(200);
    const [ownCard] = await list(app, candidate, 0, 'declined');
    expect((ownCard?.senderId as { resumeLink: string | null }).resumeLink).toContain(requestId);

    const job3 = await insertJob(app, referrer.id);
    const withdrawnId = (await send(app, candidate, job3.id, referrer.id)).json().data._id;
    await withdraw(app, candidate, withdrawnId);
    expect((await resume(app, referrer, candidate.id, withdrawnId)).statusCode).toBe(404);

    const job4 = await insertJob(app, referrer.id);
    const expiringId = (await send(app, candidate, job4.id, referrer.id)).json().data._id;
    expect((await resume(app, referrer, candidate.id, expiringId)).statusCode).toBe(200);
    await answer(app, referrer, approvedId, { status: 'approved' }); // 409, nothing changes
    ctx.clock.advance(168 * HOUR);
    expect((await resume(app, referrer, candidate.id, expiringId)).statusCode).toBe(404);
    expect((await resume(app, candidate, candidate.id, expiringId)).statusCode).toBe(200);
    // The approved request still opens the current resume to this referrer.
    expect((await resume(app, referrer, candidate.id)).statusCode).toBe(200);
  });

  it('without an open request the current resume is not served to a referrer', async () => {
    const app = await ctx.build();
    const { referrer, candidate, requestId } = await scene(app);
    await answer(app, referrer, requestId, { status: 'declined' });
    expect((await resume(app, referrer, candidate.id)).statusCode).toBe(403);
  });
});

describe('job lists', () => {
  it('isApplied follows the live request: false again after a withdraw', async () => {
    const app = await ctx.build();
    const { candidate, job, requestId } = await scene(app);
    const applied = async () =>
      (await call(app, candidate, 'GET', `/jobPost/GetById/${job.id}/${candidate.id}`)).json().data
        .isApplied as boolean;
    expect(await applied()).toBe(true);
    await withdraw(app, candidate, requestId);
    expect(await applied()).toBe(false);
  });
});
