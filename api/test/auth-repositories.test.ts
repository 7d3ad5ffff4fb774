// The repositories behind the auth routes, on their own: the methods that carry a rule of their own
// (the routes' tests cover them through the API as well).
import { MINUTE, SECOND, setupTestContext } from './helper';

const ctx = setupTestContext();
const DAY = 24 * 60 * MINUTE;

describe('rate-limit counters', () => {
  it('counts a key within its window and starts again at 1 once it has passed', async () => {
    const app = await ctx.build();
    const counters = app.rateLimitCounters;
    const at = () => ctx.clock.now();
    expect((await counters.bump('test', 'k', at(), MINUTE)).count).toBe(1);
    ctx.clock.advance(30 * SECOND);
    const second = await counters.bump('test', 'k', at(), MINUTE);
    expect(second.count).toBe(2);
    // The window began at the first request: it ends a minute after it, not after the second.
    expect(new Date(second.resetAt).getTime()).toBe(at().getTime() + 30 * SECOND);
    ctx.clock.advance(30 * SECOND);
    expect((await counters.bump('test', 'k', at(), MINUTE)).count).toBe(1);
  });

  it('keeps the keys of each group apart', async () => {
    const app = await ctx.build();
    const at = ctx.clock.now();
    await app.rateLimitCounters.bump('one', 'k', at, MINUTE);
    expect((await app.rateLimitCounters.bump('one', 'k', at, MINUTE)).count).toBe(2);
    expect((await app.rateLimitCounters.bump('two', 'k', at, MINUTE)).count).toBe(1);
    expect((await app.rateLimitCounters.bump('one', 'other', at, MINUTE)).count).toBe(1);
  });
});

describe('e-mail revert links', () => {
  async function recorded() {
    const app = await ctx.build();
    const { user } = await app.users.findOrCreate('new@example.com', 'candidate', app.now());
    const change = { userId: user.id, oldEmail: 'old@example.com', newEmail: 'new@example.com' };
    const token = await app.emailReverts.record(change, 7);
    return { app, change, token };
  }

  it('finds the change a live link undoes, and only by its token', async () => {
    const { app, change, token } = await recorded();
    expect(await app.emailReverts.findLive(token)).toEqual(change);
    expect(await app.emailReverts.findLive(`${token}x`)).toBeNull();
  });

  it('is used once: a second use, or a look after it, finds nothing', async () => {
    const { app, token } = await recorded();
    expect(await app.emailReverts.markUsed(token)).toBe(true);
    expect(await app.emailReverts.markUsed(token)).toBe(false);
    expect(await app.emailReverts.findLive(token)).toBeNull();
  });

  it('works for its days and not after', async () => {
    const { app, change, token } = await recorded();
    ctx.clock.advance(7 * DAY - SECOND);
    expect(await app.emailReverts.findLive(token)).toEqual(change);
    ctx.clock.advance(SECOND);
    expect(await app.emailReverts.findLive(token)).toBeNull();
    expect(await app.emailReverts.markUsed(token)).toBe(false);
  });
});

describe('voiding pending codes', () => {
  it("voids the user's own pending codes and nobody else's", async () => {
    const app = await ctx.build();
    const now = app.now();
    const { user: mine } = await app.users.findOrCreate('me@example.com', 'candidate', now);
    const { user: theirs } = await app.users.findOrCreate('them@example.com', 'candidate', now);
    const issue = (email: string, userId: string) =>
      app.otp.issue({ email, purpose: 'email_change', userId, ip: '192.0.2.1' });
    const myCode = await issue('my-new@example.com', mine.id);
    const theirCode = await issue('their-new@example.com', theirs.id);

    await app.otp.voidCodesOf(mine.id);

    const verify = (email: string, code: string, userId: string) =>
      app.otp.verify({ email, purpose: 'email_change', code, userId });
    await expect(verify('my-new@example.com', myCode, mine.id)).rejects.toMatchObject({
      statusCode: 400,
      message: 'OTP has expired. Please request a new one.',
    });
    await expect(verify('their-new@example.com', theirCode, theirs.id)).resolves.toBeUndefined();
  });
});

describe('the account of a sign-in', () => {
  it('is created in the chosen mode for a new address', async () => {
    const app = await ctx.build();
    const user = await app.users.findOrCreateInMode('Asha@Example.com', 'referrer', app.now());
    expect(user).toMatchObject({ email: 'asha@example.com', authMode: 'referrer' });
  });

  it('switches an existing account to the chosen mode, and keeps one already in it', async () => {
    const app = await ctx.build();
    const { user } = await app.users.findOrCreate('asha@example.com', 'candidate', app.now());
    const same = await app.users.findOrCreateInMode('asha@example.com', 'candidate', app.now());
    expect(same).toEqual(user);
    const switched = await app.users.findOrCreateInMode('asha@example.com', 'referrer', app.now());
    expect(switched).toMatchObject({ id: user.id, authMode: 'referrer' });
    expect((await app.users.findById(user.id))?.authMode).toBe('referrer');
  });
});
