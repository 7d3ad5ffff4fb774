import type { FastifyInstance } from 'fastify';
import { MESSAGE_MAX_LENGTH } from '../src/contract';
import {
  CHAT_NEEDS_APPROVAL_MESSAGE,
  CREATE_CHAT_FORBIDDEN_MESSAGE,
  NOT_A_MEMBER_MESSAGE,
} from '../src/services/chat';
import { approvedPair, isMessage, openStream, referral, send, type Signed } from './chat-support';
import { SECOND, setupTestContext, signIn } from './helper';

const ctx = setupTestContext();

const createChat = (app: FastifyInstance, who: Signed, userId: string, referrerId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/chat/createChat',
    headers: { cookie: who.cookie },
    payload: { userId, referrerId },
  });
const chatsOf = (app: FastifyInstance, who: Signed, userId = who.user._id) =>
  app.inject({
    method: 'GET',
    url: `/api/chat/getReferrerChats/${userId}`,
    headers: { cookie: who.cookie },
  });
const messagesOf = (app: FastifyInstance, who: Signed, chatId: string, query = '') =>
  app.inject({
    method: 'GET',
    url: `/api/message/getMessages/${chatId}${query}`,
    headers: { cookie: who.cookie },
  });

describe('POST /api/chat/createChat', () => {
  it('opens one chat between a candidate and the referrer who approved them, whoever of the two asks', async () => {
    const app = await ctx.build();
    const candidate = await signIn(app, 'c@example.com', 0);
    const referrer = await signIn(app, 'r@example.com', 1);
    await referral(app, candidate.user._id, referrer.user._id);

    const first = await createChat(app, candidate, candidate.user._id, referrer.user._id);
    expect(first.statusCode).toBe(200);
    const chat = first.json().data;
    expect(first.json().success).toBe(true);
    expect(chat.user).toMatchObject({ _id: referrer.user._id, email: 'r@example.com' });
    expect(chat).toMatchObject({ lastMessage: '', unread: 0 });

    const again = await createChat(app, candidate, candidate.user._id, referrer.user._id);
    expect(again.json().data._id).toBe(chat._id);
    const byReferrer = await createChat(app, referrer, candidate.user._id, referrer.user._id);
    expect(byReferrer.json().data._id).toBe(chat._id);
    expect(byReferrer.json().data.user._id).toBe(candidate.user._id);
  });

  it('refuses a candidate whose request is only pending or declined', async () => {
    const app = await ctx.build();
    const candidate = await signIn(app, 'c@example.com', 0);
    const referrer = await signIn(app, 'r@example.com', 1);
    await referral(app, candidate.user._id, referrer.user._id, 'pending');
    const res = await createChat(app, candidate, candidate.user._id, referrer.user._id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: CHAT_NEEDS_APPROVAL_MESSAGE });
  });

  it('refuses a caller who is neither the candidate nor the referrer', async () => {
    const app = await ctx.build();
    const { candidate, referrer } = await approvedPair(app);
    const stranger = await signIn(app, 's@example.com', 0);
    const res = await createChat(app, stranger, candidate.user._id, referrer.user._id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CREATE_CHAT_FORBIDDEN_MESSAGE);
  });

  it('needs a session', async () => {
    const app = await ctx.build();
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat/createChat',
      payload: { userId: crypto.randomUUID(), referrerId: crypto.randomUUID() },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('messages', () => {
  it('stores a message as the signed-in user whatever sender and senderId the body names', async () => {
    const app = await ctx.build();
    const { candidate, referrer, chatId } = await approvedPair(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/message/createMessage',
      headers: { cookie: candidate.cookie },
      payload: {
        chatId,
        sender: 'Someone Else',
        senderId: referrer.user._id,
        content: '  Hello  ',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      chatId,
      senderId: candidate.user._id,
      sender: 'cand-a@example.com',
      content: 'Hello',
    });
    const list = (await messagesOf(app, referrer, chatId)).json().data;
    expect(list).toHaveLength(1);
    expect(list[0].senderId).toBe(candidate.user._id);
  });

  it('refuses blank and over-long text with a message', async () => {
    const app = await ctx.build();
    const { candidate, chatId } = await approvedPair(app);
    const blank = await send(app, candidate, chatId, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Message cannot be empty');
    const long = await send(app, candidate, chatId, 'x'.repeat(MESSAGE_MAX_LENGTH + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(`Message must be at most ${MESSAGE_MAX_LENGTH} characters`);
    expect((await send(app, candidate, chatId, 'x'.repeat(MESSAGE_MAX_LENGTH))).statusCode).toBe(
      200,
    );
  });

  it('holds back a user who sends too fast, with the wait, and only that user', async () => {
    const app = await ctx.build({ CHAT_MESSAGE_MAX: 3, CHAT_MESSAGE_WINDOW_SECONDS: 60 });
    const { candidate, referrer, chatId } = await approvedPair(app);
    for (const n of [1, 2, 3]) {
      const res = await send(app, candidate, chatId, `message ${n}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'x-ratelimit-limit': '3',
        'x-ratelimit-remaining': String(3 - n),
        'x-ratelimit-reset': '60',
      });
    }
    ctx.clock.advance(15 * SECOND);
    const fourth = await send(app, candidate, chatId, 'message 4');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers).toMatchObject({
      'x-ratelimit-limit': '3',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '45',
      'retry-after': '45',
    });
    expect(fourth.json()).toEqual({
      success: false,
      message: 'Too many requests. Please try again in 45 seconds.',
    });
    // Signed out, a request is refused before it counts.
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/message/createMessage',
      headers: { cookie: 'referio_sid=not-a-session' },
      payload: { chatId, sender: '', senderId: candidate.user._id, content: 'hi' },
    });
    expect(anonymous.statusCode).toBe(401);
    // The other member still talks, and nothing of the refused message was stored.
    expect((await send(app, referrer, chatId, 'still here')).statusCode).toBe(200);
    const list = (await messagesOf(app, referrer, chatId)).json().data as { content: string }[];
    expect(list.map((m) => m.content)).toEqual([
      'message 1',
      'message 2',
      'message 3',
      'still here',
    ]);
    // A new window once this one has passed.
    ctx.clock.advance(45 * SECOND);
    const later = await send(app, candidate, chatId, 'message 5');
    expect(later.statusCode).toBe(200);
    expect(later.headers['x-ratelimit-remaining']).toBe('2');
  });

  it('lets no one outside the chat read or post', async () => {
    const app = await ctx.build();
    const { candidate, chatId } = await approvedPair(app);
    await send(app, candidate, chatId, 'private');
    const stranger = await signIn(app, 's@example.com', 1);
    const read = await messagesOf(app, stranger, chatId);
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe(NOT_A_MEMBER_MESSAGE);
    const post = await send(app, stranger, chatId, 'let me in');
    expect(post.statusCode).toBe(403);
    const mark = await app.inject({
      method: 'POST',
      url: `/api/chat/markRead/${chatId}`,
      headers: { cookie: stranger.cookie },
    });
    expect(mark.statusCode).toBe(403);
    expect((await chatsOf(app, stranger, candidate.user._id)).statusCode).toBe(403);
    expect((await messagesOf(app, candidate, crypto.randomUUID())).statusCode).toBe(404);
  });

  it('pages from the newest, each page chronological, every message exactly once', async () => {
    const app = await ctx.build();
    const { candidate, referrer, chatId } = await approvedPair(app);
    const sent: string[] = [];
    for (let i = 0; i < 45; i++) {
      // Pairs of messages share a timestamp: the order must still be the sending order.
      if (i % 2 === 0) ctx.clock.advance(SECOND);
      const who = i % 3 === 0 ? referrer : candidate;
      expect((await send(app, who, chatId, `m${i}`)).statusCode).toBe(200);
      sent.push(`m${i}`);
    }
    const page = async (n: number) =>
      (await messagesOf(app, candidate, chatId, `?page=${n}&limit=20`))
        .json()
        .data.map((m: { content: string }) => m.content) as string[];
    const [p1, p2, p3, p4] = [await page(1), await page(2), await page(3), await page(4)];
    expect(p1).toEqual(sent.slice(25));
    expect(p2).toEqual(sent.slice(5, 25));
    expect(p3).toEqual(sent.slice(0, 5));
    expect(p4).toEqual([]);

    // Paging up from the oldest shown message is not shifted by a message arriving meanwhile.
    const first = (await messagesOf(app, candidate, chatId)).json().data;
    await send(app, referrer, chatId, 'late');
    const older = (await messagesOf(app, candidate, chatId, `?limit=20&before=${first[0]._id}`))
      .json()
      .data.map((m: { content: string }) => m.content);
    expect(older).toEqual(sent.slice(5, 25));
  });
});

describe('GET /api/chat/getReferrerChats/:userId', () => {
  it('lists the other person, the last message, its time and my unread count, most recent first', async () => {
    const app = await ctx.build();
    const a = await approvedPair(app, 'a');
    ctx.clock.advance(SECOND);
    const b = await approvedPair(app, 'b');
    // The same referrer-side user of pair a also chats in b? No: b is separate. Give a's candidate a second chat.
    await referral(app, a.candidate.user._id, b.referrer.user._id);
    const second = await createChat(app, a.candidate, a.candidate.user._id, b.referrer.user._id);
    const secondId = second.json().data._id;

    ctx.clock.advance(SECOND);
    await send(app, b.referrer, secondId, 'from b');
    ctx.clock.advance(SECOND);
    await send(app, a.referrer, a.chatId, 'one');
    ctx.clock.advance(SECOND);
    await send(app, a.referrer, a.chatId, 'two');

    const list = (await chatsOf(app, a.candidate)).json().data;
    expect(list.map((c: { _id: string }) => c._id)).toEqual([a.chatId, secondId]);
    expect(list[0]).toMatchObject({
      user: { _id: a.referrer.user._id, email: 'ref-a@example.com', profileLink: null },
      lastMessage: 'two',
      unread: 2,
      time: ctx.clock.now().toISOString(),
    });
    expect(list[1]).toMatchObject({ lastMessage: 'from b', unread: 1 });

    // My own messages are never unread for me; reading clears the count.
    expect((await chatsOf(app, a.referrer)).json().data[0].unread).toBe(0);
    const mark = await app.inject({
      method: 'POST',
      url: `/api/chat/markRead/${a.chatId}`,
      headers: { cookie: a.candidate.cookie },
    });
    expect(mark.json()).toEqual({ success: true, message: 'Marked as read' });
    expect((await chatsOf(app, a.candidate)).json().data[0].unread).toBe(0);
    ctx.clock.advance(SECOND);
    await send(app, a.referrer, a.chatId, 'three');
    expect((await chatsOf(app, a.candidate)).json().data[0].unread).toBe(1);
  });

  it('answers only for the caller', async () => {
    const app = await ctx.build();
    const { candidate, referrer } = await approvedPair(app);
    expect((await chatsOf(app, candidate, referrer.user._id)).statusCode).toBe(403);
  });
});

describe('GET /api/chat/events (live stream)', () => {
  let base: string;
  const streams: ReturnType<typeof openStream>[] = [];
  const listen = async (app: FastifyInstance) => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  };
  const stream = (
    ...args: Parameters<typeof openStream> extends [string, ...infer R] ? R : never
  ) => {
    const s = openStream(base, ...args);
    streams.push(s);
    return s;
  };
  afterEach(() => {
    for (const s of streams.splice(0)) s.close();
  });

  it('is an event stream with a retry hint that delivers a message to the other member at once', async () => {
    const app = await ctx.build();
    await listen(app);
    const { candidate, referrer, chatId } = await approvedPair(app);
    const referrerStream = stream(referrer.cookie);
    await referrerStream.ready;
    expect(referrerStream.status).toBe(200);
    expect(referrerStream.contentType).toMatch(/^text\/event-stream/);
    await referrerStream.next((e) => e.event === 'hello');

    // Pushed as it is stored: the stream has no other way to get it (no polling; `next` gives up after a
    // bound far from a delivery). Its speed is the chat benchmark's (tools/bench/chat.mjs).
    await send(app, candidate, chatId, 'ping');
    const got = await referrerStream.next(isMessage('ping'));
    expect(got.data).toMatchObject({ chatId, senderId: candidate.user._id });
    expect(Number(got.id)).toBeGreaterThan(0);
  });

  it('delivers exactly the stored message, under the chat id as stored even when sent in capitals', async () => {
    const app = await ctx.build();
    await listen(app);
    const { candidate, referrer, chatId } = await approvedPair(app);
    const referrerStream = stream(referrer.cookie);
    await referrerStream.next((e) => e.event === 'hello');

    const sent = await send(app, candidate, chatId.toUpperCase(), 'in capitals');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.chatId).toBe(chatId);
    const got = await referrerStream.next(isMessage('in capitals'));
    const stored = (await messagesOf(app, referrer, chatId)).json().data;
    expect(stored).toHaveLength(1);
    expect(got.data).toEqual(stored[0]);
    expect(sent.json().data).toEqual(stored[0]);
  });

  it('tells a member when the other opens and leaves the chat', async () => {
    const app = await ctx.build();
    await listen(app);
    const { candidate, referrer, chatId } = await approvedPair(app);
    const referrerStream = stream(referrer.cookie, `?open=${chatId}`);
    const hello = await referrerStream.next((e) => e.event === 'hello');
    expect(hello.data).toMatchObject({
      presence: { chatId, userId: candidate.user._id, active: false },
    });

    const candidateStream = stream(candidate.cookie, `?open=${chatId}`);
    expect((await candidateStream.next((e) => e.event === 'hello')).data).toMatchObject({
      presence: { userId: referrer.user._id, active: true },
    });
    await referrerStream.next(
      (e) => e.event === 'presence' && (e.data as { active: boolean }).active,
    );
    candidateStream.close();
    await referrerStream.next(
      (e) => e.event === 'presence' && !(e.data as { active: boolean }).active,
    );
  });

  it('replays what a reconnecting client missed after its Last-Event-ID', async () => {
    const app = await ctx.build();
    await listen(app);
    const { candidate, referrer, chatId } = await approvedPair(app);
    const first = stream(referrer.cookie);
    const hello = await first.next((e) => e.event === 'hello');
    first.close();
    await send(app, candidate, chatId, 'while away 1');
    await send(app, candidate, chatId, 'while away 2');
    const other = await approvedPair(app, 'other');
    await send(app, other.candidate, other.chatId, 'not yours');

    const again = stream(referrer.cookie, '', { 'last-event-id': String(hello.id) });
    await again.next((e) => e.event === 'hello');
    const replayed = again.events
      .filter((e) => e.event === 'message')
      .map((e) => (e.data as { content: string }).content);
    expect(replayed).toEqual(['while away 1', 'while away 2']);
  });

  it('tells both members when one reads the chat', async () => {
    const app = await ctx.build();
    await listen(app);
    const { candidate, referrer, chatId } = await approvedPair(app);
    const candidateStream = stream(candidate.cookie);
    await candidateStream.next((e) => e.event === 'hello');
    await app.inject({
      method: 'POST',
      url: `/api/chat/markRead/${chatId}`,
      headers: { cookie: referrer.cookie },
    });
    const read = await candidateStream.next((e) => e.event === 'read');
    expect(read.data).toEqual({ chatId, userId: referrer.user._id });
  });

  it('needs a session and membership of the open chat', async () => {
    const app = await ctx.build();
    await listen(app);
    const { chatId } = await approvedPair(app);
    const stranger = await signIn(app, 's@example.com', 0);
    const anonymous = stream('');
    await anonymous.ready;
    expect(anonymous.status).toBe(401);
    const nosy = stream(stranger.cookie, `?open=${chatId}`);
    await nosy.ready;
    expect(nosy.status).toBe(403);
  });
});
