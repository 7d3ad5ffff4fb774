import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { mailOutbox, notifications, users } from '../src/db/schema';
import { signUnsubscribeToken } from '../src/lib/unsubscribe';
import { MINUTE, setupTestContext, validJobBody } from './helper';
import { approvedPair, isMessage, openStream, send as sendMessage } from './chat-support';
import {
  answerReferral,
  call,
  DAY_MS,
  insertJob,
  makeUser,
  sendReferral,
  type TestUser,
  uploadResume,
} from './market-fixtures';
import { NOTIFICATION_KINDS, type DevMail } from '../src/contract';

const ctx = setupTestContext();
type App = Awaited<ReturnType<typeof ctx.build>>;

interface Item {
  _id: string;
  kind: string;
  text: string;
  link: string;
  read: boolean;
  createdAt: string;
  jobs: { _id: string; jobTitle: string }[];
}

const bell = async (app: App, u: TestUser) => {
  const res = await call(app, u, 'GET', '/notifications');
  expect(res.statusCode).toBe(200);
  return res.json().data as { items: Item[]; unread: number };
};

/** The notification mail in the dev mailbox (sign-in codes left out), after the outbox is drained. */
const mailbox = async (app: App, u: TestUser) => {
  await app.outbox.drainAll();
  const res = await call(app, null, 'GET', `/dev/mail?to=${encodeURIComponent(u.email)}`);
  return (res.json().data as DevMail[]).filter((m) => !/ code: \d{4}$/.test(m.subject));
};

const sendRequest = sendReferral;

/** A verified referrer with a job, a candidate with a resume, and a bystander with matching skills. */
async function scene(app: App) {
  const referrer = await makeUser(app, 'ref', { workEmailAdded: true, fullName: 'Ravi Ref' }, 1);
  const candidate = await makeUser(app, 'cand', { fullName: 'Cara Cand', skills: ['Go'] });
  const bystander = await makeUser(app, 'by', { fullName: 'Bo Stander', skills: ['Go'] });
  const job = await insertJob(app, referrer.id, {
    jobTitle: 'Platform Engineer',
    companyName: 'Acme Corp',
  });
  await uploadResume(app, candidate);
  return { referrer, candidate, bystander, job };
}

async function requested(app: App) {
  const s = await scene(app);
  const res = await sendRequest(app, s.candidate, s.job.id, s.referrer.id);
  expect(res.statusCode).toBe(201);
  return { ...s, requestId: res.json().data._id as string };
}

const answer = (app: App, referrer: TestUser, id: string, status: 'approved' | 'declined') =>
  answerReferral(app, referrer, id, { status });

function expectPrivate(mail: DevMail, ...others: TestUser[]) {
  for (const o of others) {
    expect(mail.text).not.toContain(o.email);
    expect(mail.html).not.toContain(o.email);
  }
  expect(`${mail.text} ${mail.html}`).not.toMatch(/resume|documentsUpload/i);
}

describe('events: who is told', () => {
  it('tells the referrer, and nobody else, that a referral request arrived, in the bell and by e-mail', async () => {
    const app = await ctx.build();
    const { referrer, candidate, bystander, job, requestId } = await requested(app);
    const { items, unread } = await bell(app, referrer);
    expect(unread).toBe(1);
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'referral_requested',
        read: false,
        text: 'Cara Cand asked you for a referral for Platform Engineer at Acme Corp.',
        link: `/dashboard/referralRequests?status=pending&request=${requestId}`,
        jobs: [expect.objectContaining({ _id: job.id, jobTitle: 'Platform Engineer' })],
      }),
    ]);
    expect((await bell(app, candidate)).items).toEqual([]);
    expect((await bell(app, bystander)).items).toEqual([]);

    const [mail, ...more] = await mailbox(app, referrer);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('New referral request for Platform Engineer at Acme Corp');
    expect(mail!.text).toContain(
      `http://localhost:3000/dashboard/referralRequests?status=pending&request=${requestId}`,
    );
    expect(mail!.text).toContain('You get this e-mail because you posted Platform Engineer');
    expect(mail!.html).toContain('<a href="http://localhost:3000/dashboard/referralRequests');
    expect(mail!.headers['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=[^>]+>$/,
    );
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expectPrivate(mail!, candidate);
    expect(await mailbox(app, candidate)).toEqual([]);
    expect(await mailbox(app, bystander)).toEqual([]);
  });

  it('tells the candidate, and nobody else, that the request was approved', async () => {
    const app = await ctx.build();
    const { referrer, candidate, bystander, requestId } = await requested(app);
    expect((await answer(app, referrer, requestId, 'approved')).statusCode).toBe(200);
    const { items } = await bell(app, candidate);
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'referral_approved',
        text: 'Ravi Ref approved your referral request for Platform Engineer at Acme Corp.',
        link: `/dashboard/myReferralRequests?status=approved&request=${requestId}`,
      }),
    ]);
    expect((await bell(app, referrer)).items.map((i) => i.kind)).toEqual(['referral_requested']);
    expect((await bell(app, bystander)).items).toEqual([]);
    const mails = await mailbox(app, candidate);
    expect(mails.map((m) => m.subject)).toEqual([
      'Your referral request for Platform Engineer at Acme Corp was approved',
    ]);
    expectPrivate(mails[0]!, referrer);
    expect(await mailbox(app, bystander)).toEqual([]);
  });

  it('tells the candidate that the request was declined, with the reason when one is given', async () => {
    const app = await ctx.build();
    const { referrer, candidate, requestId } = await requested(app);
    expect((await answer(app, referrer, requestId, 'declined')).statusCode).toBe(200);
    const [item] = (await bell(app, candidate)).items;
    expect(item).toMatchObject({
      kind: 'referral_declined',
      text: 'Ravi Ref declined your referral request for Platform Engineer at Acme Corp.',
      link: `/dashboard/myReferralRequests?status=declined&request=${requestId}`,
    });
    expect((await mailbox(app, candidate)).map((m) => m.subject)).toEqual([
      'Your referral request for Platform Engineer at Acme Corp was declined',
    ]);

    ctx.clock.advance(1000);
    await app.db.transaction((tx) =>
      app.notifications.referralAnswered(tx, requestId, 'declined', 'Role already filled'),
    );
    expect((await bell(app, candidate)).items[0]!.text).toBe(
      'Ravi Ref declined your referral request for Platform Engineer at Acme Corp. Reason: Role already filled',
    );
  });

  it('writes nothing when the change fails (the notification is part of its transaction)', async () => {
    const app = await ctx.build();
    const { referrer, candidate, job } = await scene(app);
    expect((await sendRequest(app, candidate, job.id, referrer.id)).statusCode).toBe(201);
    expect((await sendRequest(app, candidate, job.id, referrer.id)).statusCode).toBe(409);
    expect(await app.db.$count(notifications)).toBe(1);
    expect(await app.db.$count(mailOutbox)).toBe(1);
  });

  it('gives candidates whose skills match a new job one notification a day listing the matches', async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref', { fullName: 'Ravi Ref', skills: ['React'] }, 1);
    const fan = await makeUser(app, 'fan', { skills: [' react ', 'Go'] });
    const other = await makeUser(app, 'other', { skills: ['Cobol'] });
    const post = (jobTitle: string, requiredSkills: string[]) =>
      call(app, referrer, 'POST', '/jobPost/createJobPost', {
        ...validJobBody,
        userId: referrer.id,
        jobTitle,
        companyName: 'Acme Corp',
        address: 'Pune',
        requiredSkills,
      });
    const first = (await post('Frontend Engineer', ['React'])).json().data._id as string;
    let list = await bell(app, fan);
    expect(list.items).toEqual([
      expect.objectContaining({
        kind: 'job_matches',
        text: 'A new job matches your skills: Frontend Engineer at Acme Corp.',
        link: `/job-details/${first}`,
        jobs: [expect.objectContaining({ _id: first })],
      }),
    ]);
    await call(app, fan, 'POST', '/notifications/markAllRead');
    ctx.clock.advance(3 * 60 * MINUTE);
    const second = (await post('Go Developer', ['GO'])).json().data._id as string;
    await post('Mainframe Engineer', ['Cobol']);
    list = await bell(app, fan);
    expect(list.unread).toBe(1);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      text: '2 new jobs match your skills.',
      read: false,
      jobs: [expect.objectContaining({ _id: second }), expect.objectContaining({ _id: first })],
    });
    expect((await bell(app, other)).items.map((i) => i.jobs.length)).toEqual([1]);
    expect((await bell(app, referrer)).items).toEqual([]);

    ctx.clock.advance(DAY_MS);
    await post('React Native Engineer', ['React']);
    expect((await bell(app, fan)).items.map((i) => i.jobs.length)).toEqual([1, 2]);
    // Job-match e-mail is off unless asked for.
    expect(await mailbox(app, fan)).toEqual([]);
  });

  it('e-mails job matches once a day, when the day closes, to those who turned them on', async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref', {}, 1);
    const fan = await makeUser(app, 'fan', { fullName: 'Fay Fan', skills: ['Go'] });
    await call(app, fan, 'PUT', '/notifications/preferences', { job_matches: true });
    const a = await insertJob(app, referrer.id, { jobTitle: 'Go Developer' });
    await app.db.transaction((tx) => app.notifications.jobPosted(tx, a.id));
    ctx.clock.advance(60 * MINUTE);
    const b = await insertJob(app, referrer.id, { jobTitle: 'SRE' });
    await app.db.transaction((tx) => app.notifications.jobPosted(tx, b.id));
    expect(await mailbox(app, fan)).toEqual([]);
    ctx.clock.advance(23 * 60 * MINUTE);
    const mails = await mailbox(app, fan);
    expect(mails.map((m) => m.subject)).toEqual([
      '2 new jobs match your skills: SRE at Acme Corp and more',
    ]);
    expect(mails[0]!.text).toContain(`http://localhost:3000/job-details/${a.id}`);
    expect(mails[0]!.text).toContain(`http://localhost:3000/job-details/${b.id}`);
    expect(mails[0]!.text).toContain('We send at most one a day.');
  });

  it('tells the other chat member about a message at most once per chat every 15 minutes', async () => {
    const app = await ctx.build();
    const { candidate, referrer, chatId } = await approvedPair(app, 'c15');
    const cand: TestUser = {
      id: candidate.user._id,
      cookie: candidate.cookie,
      email: candidate.user.email,
    };
    const ref: TestUser = {
      id: referrer.user._id,
      cookie: referrer.cookie,
      email: referrer.user.email,
    };
    await app.db.update(users).set({ fullName: 'Ravi Ref' }).where(eq(users.id, ref.id));
    expect((await sendMessage(app, referrer, chatId, 'Hi there')).statusCode).toBe(200);
    ctx.clock.advance(5 * MINUTE);
    await sendMessage(app, referrer, chatId, 'Are you around?');
    let items = (await bell(app, cand)).items;
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'chat_message',
        text: 'Ravi Ref sent you a message about Backend Engineer at Acme.',
        link: `/dashboard/chat?chat=${chatId}`,
      }),
    ]);
    expect((await bell(app, ref)).items).toEqual([]);
    ctx.clock.advance(11 * MINUTE);
    await sendMessage(app, referrer, chatId, 'Still there?');
    items = (await bell(app, cand)).items;
    expect(items).toHaveLength(2);
    const mails = await mailbox(app, cand);
    expect(mails.map((m) => m.subject)).toEqual([
      'New message from Ravi Ref about Backend Engineer at Acme',
      'New message from Ravi Ref about Backend Engineer at Acme',
    ]);
    expect(mails[0]!.text).not.toContain('Still there?');
    expectPrivate(mails[0]!, ref);
  });

  it('tells the other member once when several messages arrive at once', async () => {
    const app = await ctx.build();
    const { candidate, referrer, chatId } = await approvedPair(app, 'burst');
    const sent = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => sendMessage(app, referrer, chatId, `burst ${n}`)),
    );
    expect(sent.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const told = await app.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, candidate.user._id));
    expect(told).toHaveLength(1);
    const cand: TestUser = {
      id: candidate.user._id,
      cookie: candidate.cookie,
      email: candidate.user.email,
    };
    expect(await mailbox(app, cand)).toHaveLength(1);
  });

  it('still answers, stores and delivers a message whose notification fails', async () => {
    const app = await ctx.build();
    const { candidate, referrer, chatId } = await approvedPair(app, 'bellfail');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    // The candidate is on the chat list, not in the chat: the message asks for a notification.
    const stream = openStream(base, candidate.cookie);
    await stream.ready;
    await stream.next((e) => e.event === 'hello');
    const failing = jest
      .spyOn(app.notifications, 'chatMessage')
      .mockRejectedValue(new Error('notifications are down'));
    try {
      const res = await sendMessage(app, referrer, chatId, 'Are you there?');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ chatId, content: 'Are you there?' });
      expect(failing).toHaveBeenCalledTimes(1);
      const delivered = await stream.next(isMessage('Are you there?'));
      expect(delivered.data).toMatchObject({ chatId, senderId: referrer.user._id });
    } finally {
      failing.mockRestore();
      stream.close();
    }
    const stored = await app.inject({
      method: 'GET',
      url: `/api/message/getMessages/${chatId}`,
      headers: { cookie: candidate.cookie },
    });
    expect((stored.json().data as { content: string }[]).map((m) => m.content)).toEqual([
      'Are you there?',
    ]);
    const told = await app.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, candidate.user._id));
    expect(told).toEqual([]);
    // Once notifications work again, the next message is told as usual.
    expect((await sendMessage(app, referrer, chatId, 'Hello?')).statusCode).toBe(200);
    const cand: TestUser = {
      id: candidate.user._id,
      cookie: candidate.cookie,
      email: candidate.user.email,
    };
    expect((await bell(app, cand)).items).toEqual([
      expect.objectContaining({ kind: 'chat_message', link: `/dashboard/chat?chat=${chatId}` }),
    ]);
  });

  it('does not tell a chat member who has the chat open', async () => {
    const app = await ctx.build();
    const { candidate, referrer, chatId } = await approvedPair(app, 'open');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const stream = openStream(base, candidate.cookie, `?open=${chatId}`);
    await stream.ready;
    await stream.next((e) => e.event === 'hello');
    await sendMessage(app, referrer, chatId, 'Hi');
    const cand: TestUser = {
      id: candidate.user._id,
      cookie: candidate.cookie,
      email: candidate.user.email,
    };
    expect((await bell(app, cand)).items).toEqual([]);
    expect(app.chatEvents.watchedByOther(chatId, referrer.user._id)).toBe(true);
    expect(app.chatEvents.watchedByOther(chatId, candidate.user._id)).toBe(false);
    stream.close();
    // Once the chat is closed, the next message is told.
    for (let i = 0; i < 100 && app.chatEvents.watchedByOther(chatId, referrer.user._id); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(app.chatEvents.watchedByOther(chatId, referrer.user._id)).toBe(false);
    await sendMessage(app, referrer, chatId, 'Gone?');
    expect((await bell(app, cand)).items).toEqual([
      expect.objectContaining({ kind: 'chat_message', link: `/dashboard/chat?chat=${chatId}` }),
    ]);
    expect((await mailbox(app, cand)).map((m) => m.subject)).toHaveLength(1);
  });
});

describe('the bell: list, read state, live arrival', () => {
  it('lists newest first and keeps what was marked read, on every device', async () => {
    const app = await ctx.build();
    const { referrer, candidate, job } = await scene(app);
    const job2 = await insertJob(app, referrer.id, { jobTitle: 'Data Engineer' });
    await sendRequest(app, candidate, job.id, referrer.id);
    ctx.clock.advance(1000);
    await sendRequest(app, candidate, job2.id, referrer.id);
    const { items, unread } = await bell(app, referrer);
    expect(unread).toBe(2);
    expect(items.map((i) => i.jobs[0]!.jobTitle)).toEqual(['Data Engineer', 'Platform Engineer']);

    const mark = await call(app, referrer, 'POST', '/notifications/markRead', {
      ids: [items[0]!._id],
    });
    expect(mark.json().data).toEqual({ marked: 1 });
    const again = await bell(app, referrer);
    expect(again.unread).toBe(1);
    expect(again.items.map((i) => i.read)).toEqual([true, false]);

    // Another device (a second session) sees the same.
    const secondDevice = { ...referrer, cookie: await signInAgain(app, referrer) };
    expect((await bell(app, secondDevice)).unread).toBe(1);
    await call(app, secondDevice, 'POST', '/notifications/markAllRead');
    expect((await bell(app, referrer)).unread).toBe(0);
  });

  it("never lets anyone mark someone else's notifications read", async () => {
    const app = await ctx.build();
    const { referrer, bystander } = await requested(app);
    const [item] = (await bell(app, referrer)).items;
    const res = await call(app, bystander, 'POST', '/notifications/markRead', { ids: [item!._id] });
    expect(res.json().data).toEqual({ marked: 0 });
    await call(app, bystander, 'POST', '/notifications/markAllRead');
    expect((await bell(app, referrer)).unread).toBe(1);
    expect((await call(app, null, 'GET', '/notifications')).statusCode).toBe(401);
    const bad = await call(app, referrer, 'POST', '/notifications/markRead', { ids: ['x'] });
    expect(bad.statusCode).toBe(400);
  });

  it('sends a notification event on the live stream when something arrives', async () => {
    const app = await ctx.build();
    const { referrer, candidate, job } = await scene(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const stream = openStream(base, referrer.cookie);
    await stream.ready;
    await stream.next((e) => e.event === 'hello');
    await sendRequest(app, candidate, job.id, referrer.id);
    await stream.next((e) => e.event === 'notification');
    stream.close();
  });

  it("keeps answering the spec's getReferralNotifications in its shape", async () => {
    const app = await ctx.build();
    const { referrer, candidate, job, requestId } = await requested(app);
    const ask = (u: TestUser, roleId: 0 | 1) =>
      call(app, u, 'POST', '/referralRequest/getReferralNotifications', { userId: u.id, roleId });
    expect((await ask(referrer, 1)).json().data).toEqual([
      {
        _id: expect.any(String),
        createdAt: expect.any(String),
        jobPostId: expect.objectContaining({ _id: job.id, jobTitle: 'Platform Engineer' }),
      },
    ]);
    expect((await ask(candidate, 0)).json().data).toEqual([]);
    await answer(app, referrer, requestId, 'approved');
    expect((await ask(candidate, 0)).json().data).toEqual([
      expect.objectContaining({ jobPostId: expect.objectContaining({ _id: job.id }) }),
    ]);
    const spy = await call(app, candidate, 'POST', '/referralRequest/getReferralNotifications', {
      userId: referrer.id,
      roleId: 1,
    });
    expect(spy.statusCode).toBe(403);
    await call(app, referrer, 'POST', '/referralRequest/markNotificationsSeen');
    expect((await bell(app, referrer)).unread).toBe(0);
  });
});

describe('e-mail preferences and unsubscribe', () => {
  /** What a person who never chose gets e-mailed: every kind but job matches. */
  const DEFAULT_PREFERENCES = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, kind !== 'job_matches']),
  );

  it('e-mails every kind but job matches by default, and keeps what a person chose', async () => {
    const app = await ctx.build();
    const u = await makeUser(app, 'prefs');
    const get = async () => (await call(app, u, 'GET', '/notifications/preferences')).json().data;
    expect(await get()).toEqual(DEFAULT_PREFERENCES);
    const put = await call(app, u, 'PUT', '/notifications/preferences', {
      chat_message: false,
      job_matches: true,
    });
    expect(put.statusCode).toBe(200);
    expect(await get()).toMatchObject({
      chat_message: false,
      job_matches: true,
      referral_approved: true,
    });
    for (const body of [{ chat_message: 'no' }, { spam: true }]) {
      const bad = await call(app, u, 'PUT', '/notifications/preferences', body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().success).toBe(false);
    }
    expect((await call(app, null, 'GET', '/notifications/preferences')).statusCode).toBe(401);
  });

  it('sends no e-mail of a kind turned off, but still shows it in the bell', async () => {
    const app = await ctx.build();
    const { referrer, candidate, job } = await scene(app);
    await call(app, referrer, 'PUT', '/notifications/preferences', { referral_requested: false });
    await sendRequest(app, candidate, job.id, referrer.id);
    expect((await bell(app, referrer)).unread).toBe(1);
    expect(await mailbox(app, referrer)).toEqual([]);
  });

  it("unsubscribes in one click from the mail's link without signing in, turning off exactly its kind", async () => {
    const app = await ctx.build();
    const { referrer, candidate, job } = await scene(app);
    await sendRequest(app, candidate, job.id, referrer.id);
    const [mail] = await mailbox(app, referrer);
    const url = new URL(mail!.headers['List-Unsubscribe']!.slice(1, -1));
    expect(mail!.text).toContain(url.toString());

    // Opening the link only shows a page with the button.
    const page = await app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('A candidate asks me for a referral');
    expect(
      (await call(app, referrer, 'GET', '/notifications/preferences')).json().data
        .referral_requested,
    ).toBe(true);

    // RFC 8058: the mail client's POST, no cookie.
    const res = await app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'You will no longer get e-mails about: A candidate asks me for a referral.',
    );
    expect((await call(app, referrer, 'GET', '/notifications/preferences')).json().data).toEqual({
      ...DEFAULT_PREFERENCES,
      referral_requested: false,
    });
  });

  it('refuses forged, altered and foreign unsubscribe tokens', async () => {
    const app = await ctx.build();
    const victim = await makeUser(app, 'victim');
    const attacker = await makeUser(app, 'attacker');
    const own = signUnsubscribeToken(
      Buffer.from('test-secret-test-secret-test-secret-0123'),
      attacker.id,
      'chat_message',
    );
    const [payload, sig] = own.split('.');
    const swapUser = Buffer.from(`${victim.id}:chat_message`).toString('base64url');
    const swapKind = Buffer.from(`${attacker.id}:referral_approved`).toString('base64url');
    const wrongKey = signUnsubscribeToken(
      Buffer.from('another-secret-another-secret-0000'),
      victim.id,
      'chat_message',
    );
    for (const token of [
      `${swapUser}.${sig}`,
      `${swapKind}.${sig}`,
      wrongKey,
      `${payload}.`,
      'x'.repeat(40),
      `${payload}.${sig}.x`,
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This unsubscribe link is not valid.');
    }
    expect(
      (await call(app, victim, 'GET', '/notifications/preferences')).json().data.chat_message,
    ).toBe(true);
    const ok = await app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(own)}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (await call(app, victim, 'GET', '/notifications/preferences')).json().data.chat_message,
    ).toBe(true);
    expect(
      (await call(app, attacker, 'GET', '/notifications/preferences')).json().data.chat_message,
    ).toBe(false);
  });
});

async function signInAgain(app: FastifyInstance, u: TestUser): Promise<string> {
  ctx.clock.advance(MINUTE);
  await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: u.email, roleId: 1 },
  });
  const mails = await app.inject({
    method: 'GET',
    url: `/api/dev/mail?to=${encodeURIComponent(u.email)}`,
  });
  const code = (mails.json().data as DevMail[])
    .find((m) => m.subject.startsWith('Your Referio sign-in code'))!
    .subject.slice(-4);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/verifyOtp',
    payload: { email: u.email, otp: code, roleId: 1 },
  });
  const cookie = res.cookies.find((c) => c.name === 'referio_sid');
  return `referio_sid=${cookie!.value}`;
}
