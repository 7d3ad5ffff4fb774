// A session that ends ends everything (docs/trust-and-safety.md): the live streams of a logged-out
// session or a suspended account get an `ended` event and close, messages to and from a suspended
// account are refused, and a suspended account's sign-in answers the operator's reason.
import type { FastifyInstance } from 'fastify';
import { TRUST_MESSAGES } from '../src/contract';
import { SIGN_IN_REQUIRED_MESSAGE } from '../src/lib/errors';
import { approvedPair, isMessage, openStream, send, type SseEvent } from './chat-support';
import { latestCode, SECOND, setupTestContext, signIn } from './helper';

const ctx = setupTestContext();
const OPERATOR = 'operator@referio.example';
/** Generous: the stream closes within a round trip of the notification (a few ms when idle). */
const CLOSE_BOUND_MS = 5 * SECOND;

const build = () => ctx.build({ ADMIN_EMAILS: OPERATOR });

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

const isEnded = (e: SseEvent) => e.event === 'ended';
const streams: ReturnType<typeof openStream>[] = [];
const stream = (...args: Parameters<typeof openStream>) => {
  const s = openStream(...args);
  streams.push(s);
  return s;
};
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});

/** Runs `act` and answers how long until `s` got its `ended` event and closed. */
async function closeTime(s: ReturnType<typeof openStream>, act: () => Promise<unknown>) {
  const started = Date.now();
  await act();
  const ended = await s.next(isEnded, CLOSE_BOUND_MS);
  await s.closed;
  return { ended, ms: Date.now() - started };
}

describe('the live stream ends with its session', () => {
  it("ends on logout within the bound, and only that session's stream", async () => {
    const app = await build();
    const base = await listen(app);
    const { candidate, referrer, chatId } = await approvedPair(app);
    ctx.clock.advance(31 * SECOND);
    const otherTab = await signIn(app, 'ref-a@example.com', 1);
    const loggingOut = stream(base, referrer.cookie);
    const staying = stream(base, otherTab.cookie);
    await loggingOut.next((e) => e.event === 'hello');
    await staying.next((e) => e.event === 'hello');

    const { ended, ms } = await closeTime(loggingOut, () =>
      app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: referrer.cookie } }),
    );
    expect(ended.data).toEqual({ why: 'signed_out' });
    expect(ms).toBeLessThan(CLOSE_BOUND_MS);
    // The other session's stream still delivers.
    await send(app, candidate, chatId, 'still here?');
    await staying.next(isMessage('still here?'));
    expect(staying.events.some(isEnded)).toBe(false);
  });

  it("ends the user's other sessions' streams when the sign-in e-mail is changed back", async () => {
    const app = await build();
    const base = await listen(app);
    const { referrer } = await approvedPair(app);
    const s = stream(base, referrer.cookie);
    await s.next((e) => e.event === 'hello');
    const { ended } = await closeTime(s, () => app.sessions.destroyOthers(referrer.user._id, null));
    expect(ended.data).toEqual({ why: 'signed_out' });
  });

  it('ends on suspension with the reason; the partner cannot write to them, nor they sign in', async () => {
    const app = await build();
    const base = await listen(app);
    const { candidate, referrer, chatId } = await approvedPair(app);
    const op = await signIn(app, OPERATOR);
    const s = stream(base, referrer.cookie);
    await s.next((e) => e.event === 'hello');

    const { ended, ms } = await closeTime(s, () =>
      app.inject({
        method: 'POST',
        url: `/api/admin/users/suspend/${referrer.user._id}`,
        headers: { cookie: op.cookie },
        payload: { reason: 'Asked candidates for money' },
      }),
    );
    expect(ended.data).toEqual({
      why: 'suspended',
      suspension: { reason: 'Asked candidates for money', suspendedAt: expect.any(String) },
    });
    expect(ms).toBeLessThan(CLOSE_BOUND_MS);

    // Messages to them are refused, with why; their own session is gone.
    const toThem = await send(app, candidate, chatId, 'are you there?');
    expect(toThem.statusCode).toBe(403);
    expect(toThem.json().message).toBe(TRUST_MESSAGES.suspendedContact);
    // A call with their ended session (one that beats the stream's `ended` in another tab) says why too.
    const own = await send(app, referrer, chatId, 'I am back');
    expect(own.statusCode).toBe(401);
    expect(own.json()).toMatchObject({
      message: SIGN_IN_REQUIRED_MESSAGE,
      suspension: { reason: 'Asked candidates for money', suspendedAt: expect.any(String) },
    });
    // The chat shows as closed to the partner.
    const chats = await app.inject({
      method: 'GET',
      url: `/api/chat/getReferrerChats/${candidate.user._id}`,
      headers: { cookie: candidate.cookie },
    });
    expect(chats.json().data[0]).toMatchObject({ _id: chatId, closed: 'suspended' });

    // Signing in again answers the reason (the suspended page shows it).
    ctx.clock.advance(31 * SECOND);
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ref-a@example.com', roleId: 1 },
    });
    const otp = await latestCode(app, 'ref-a@example.com');
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/verifyOtp',
      payload: { email: 'ref-a@example.com', otp, roleId: 1 },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({
      success: false,
      message: TRUST_MESSAGES.suspendedSignIn,
      suspension: { reason: 'Asked candidates for money', suspendedAt: expect.any(String) },
    });

    // Restored, the old session stays ended: a plain 401, nothing about a suspension.
    await app.inject({
      method: 'POST',
      url: `/api/admin/users/restore/${referrer.user._id}`,
      headers: { cookie: op.cookie },
    });
    const afterRestore = await send(app, referrer, chatId, 'I am back');
    expect(afterRestore.statusCode).toBe(401);
    expect(afterRestore.json().suspension).toBeUndefined();
  });

  it('closes a stream whose session ended while it was opening', async () => {
    const app = await build();
    const base = await listen(app);
    const { referrer } = await approvedPair(app);
    // The session is found by the request's lookup, then gone before the stream is registered.
    const exists = app.sessions.exists.bind(app.sessions);
    app.sessions.exists = async (sessionId: string) => {
      await app.sessions.destroyOthers(referrer.user._id, null);
      return exists(sessionId);
    };
    const s = stream(base, referrer.cookie);
    expect((await s.next(isEnded)).data).toEqual({ why: 'signed_out' });
    await s.closed;
    expect(s.events.some((e) => e.event === 'hello')).toBe(false);
  });
});
