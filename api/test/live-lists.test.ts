// Lists that stay true (docs/notifications.md): whoever's lists a change touches gets a `changed` event on
// their live stream naming them (both people of a request that arrives, is withdrawn, answered or expires;
// the savers of a job its poster changes; the other member of a chat opened with them), and nobody else.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { MINUTE, setupTestContext, signIn } from './helper';
import { openStream, referral, type SseEvent } from './chat-support';
import {
  call,
  insertJob,
  makeUser,
  sendReferral,
  uploadResume,
  type TestUser,
} from './market-fixtures';

const ctx = setupTestContext();
const HOUR = 60 * MINUTE;

const streams: ReturnType<typeof openStream>[] = [];
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** The user's live stream, once its `hello` arrived (so nothing after this is missed). */
async function streamOf(base: string, u: TestUser) {
  const s = openStream(base, u.cookie);
  streams.push(s);
  await s.next((e) => e.event === 'hello');
  return s;
}

const changed = (topic: string) => (e: SseEvent) =>
  e.event === 'changed' && (e.data as { topics: string[] }).topics.includes(topic);
const count = (s: ReturnType<typeof openStream>, match: (e: SseEvent) => boolean) =>
  s.events.filter(match).length;

/** A referrer (verified, with a job), a candidate with a resume, and a bystander, each streaming. */
async function scene(app: FastifyInstance) {
  const base = await listen(app);
  const referrer = await makeUser(app, 'ref', { workEmailAdded: true }, 1);
  const candidate = await makeUser(app, 'cand');
  const bystander = await makeUser(app, 'by');
  const job = await insertJob(app, referrer.id, { jobTitle: 'Platform Engineer' });
  expect((await uploadResume(app, candidate)).statusCode).toBe(200);
  return {
    app,
    base,
    referrer,
    candidate,
    bystander,
    job,
    streams: {
      referrer: await streamOf(base, referrer),
      candidate: await streamOf(base, candidate),
      bystander: await streamOf(base, bystander),
    },
  };
}

async function requestFor(s: Awaited<ReturnType<typeof scene>>) {
  const res = await sendReferral(s.app, s.candidate, s.job.id, s.referrer.id);
  expect(res.statusCode).toBe(201);
  return res.json().data._id as string;
}

describe("the live stream tells of changes to a person's lists", () => {
  it("a request that arrives, then is withdrawn, changes both people's requests; nobody else is told", async () => {
    const s = await scene(await ctx.build());
    const id = await requestFor(s);
    // The arrival: a notification for the referrer's bell and the change for both people's lists.
    await s.streams.referrer.next((e) => e.event === 'notification');
    await s.streams.referrer.next(changed('referrals'));
    await s.streams.candidate.next(changed('referrals'));

    const w = await call(s.app, s.candidate, 'POST', `/referralRequest/withdraw/${id}`);
    expect(w.statusCode).toBe(200);
    await s.streams.referrer.next(() => count(s.streams.referrer, changed('referrals')) === 2);
    await s.streams.candidate.next(() => count(s.streams.candidate, changed('referrals')) === 2);
    // A withdrawal notifies nobody: the bells were told once, of the arrival.
    expect(count(s.streams.referrer, (e) => e.event === 'notification')).toBe(1);
    expect(count(s.streams.candidate, (e) => e.event === 'notification')).toBe(0);
    expect(s.streams.bystander.events.filter((e) => e.event === 'changed')).toEqual([]);
  });

  it.each(['approved', 'declined'] as const)(
    "the referrer's answer (%s) changes both people's requests, and nobody else's",
    async (status) => {
      const s = await scene(await ctx.build());
      const id = await requestFor(s);
      await s.streams.referrer.next(changed('referrals'));
      const res = await call(
        s.app,
        s.referrer,
        'PUT',
        `/referralRequest/updateReferralStatus/${id}`,
        { status },
      );
      expect(res.statusCode).toBe(200);
      await s.streams.candidate.next((e) => e.event === 'notification');
      await s.streams.candidate.next(() => count(s.streams.candidate, changed('referrals')) === 2);
      // The referrer's other tabs: the arrival, then the answer.
      await s.streams.referrer.next(() => count(s.streams.referrer, changed('referrals')) === 2);
      expect(
        s.streams.candidate.events.filter((e) => e.event === 'changed').map((e) => e.data),
      ).toEqual([{ topics: ['referrals'] }, { topics: ['referrals'] }]);
      expect(s.streams.bystander.events.filter((x) => x.event === 'changed')).toEqual([]);
    },
  );

  it("an expiry changes both sides' requests", async () => {
    const s = await scene(await ctx.build());
    await requestFor(s);
    await s.streams.referrer.next(changed('referrals'));
    await s.streams.candidate.next(changed('referrals'));
    ctx.clock.advance(200 * HOUR);
    expect((await s.app.referrals.sweep()).expired).toBe(1);
    await s.streams.candidate.next(() => count(s.streams.candidate, changed('referrals')) === 2);
    await s.streams.referrer.next(() => count(s.streams.referrer, changed('referrals')) === 2);
    expect(s.streams.bystander.events.filter((x) => x.event === 'changed')).toEqual([]);
  });

  it("a saved job its poster closes changes its savers' saved jobs, and nobody else's", async () => {
    const s = await scene(await ctx.build());
    expect((await call(s.app, s.candidate, 'PUT', `/savedJobs/${s.job.id}`)).statusCode).toBe(200);
    const closed = await call(s.app, s.referrer, 'PUT', `/jobPost/updateStatus/${s.job.id}`, {
      status: 'inactive',
    });
    expect(closed.statusCode).toBe(200);
    const e = await s.streams.candidate.next(changed('savedJobs'));
    expect(e.data).toEqual({ topics: ['savedJobs'] });
    for (const other of [s.streams.referrer, s.streams.bystander])
      expect(other.events.filter((x) => x.event === 'changed')).toEqual([]);
  });

  it("a referrer's suspension ends their candidates' pending requests and closes their jobs for the savers", async () => {
    const OPERATOR = 'operator@referio.example';
    const s = await scene(await ctx.build({ ADMIN_EMAILS: OPERATOR }));
    await requestFor(s);
    await s.streams.candidate.next(changed('referrals'));
    expect((await call(s.app, s.bystander, 'PUT', `/savedJobs/${s.job.id}`)).statusCode).toBe(200);
    const op = await signIn(s.app, OPERATOR);
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/admin/users/suspend/${s.referrer.id}`,
      headers: { cookie: op.cookie },
      payload: { reason: 'Asked candidates for money' },
    });
    expect(res.statusCode).toBe(200);
    await s.streams.candidate.next(() => count(s.streams.candidate, changed('referrals')) === 2);
    await s.streams.bystander.next(changed('savedJobs'));
    expect(count(s.streams.candidate, changed('savedJobs'))).toBe(0);
  });

  it("a new chat shows in the other member's list; opening it again tells nobody", async () => {
    const app = await ctx.build();
    const base = await listen(app);
    const referrer = await makeUser(app, 'ref', { workEmailAdded: true }, 1);
    const candidate = await makeUser(app, 'cand');
    await referral(app, candidate.id, referrer.id);
    const referrerStream = await streamOf(base, referrer);
    const candidateStream = await streamOf(base, candidate);
    const open = () =>
      call(app, candidate, 'POST', '/chat/createChat', {
        userId: candidate.id,
        referrerId: referrer.id,
      });
    const first = await open();
    expect(first.statusCode).toBe(200);
    await referrerStream.next(changed('chats'));
    const again = await open();
    expect(again.json().data._id).toBe(first.json().data._id);
    // A message after the second opening arrives after anything that opening sent.
    const sent = await call(app, referrer, 'POST', '/message/createMessage', {
      chatId: first.json().data._id,
      sender: 'Ref',
      senderId: referrer.id,
      content: 'Hello there',
    });
    expect(sent.statusCode).toBe(200);
    await referrerStream.next((e) => e.event === 'message');
    expect(count(referrerStream, changed('chats'))).toBe(1);
    expect(candidateStream.events.filter((e) => e.event === 'changed')).toEqual([]);
  });
});
