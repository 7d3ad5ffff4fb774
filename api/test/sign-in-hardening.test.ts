// Sign-in that cannot be guessed, hijacked or blocked.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import {
  confirmEmailChange,
  getMe,
  latestCode,
  MINUTE,
  SECOND,
  sessionCookie,
  setupTestContext,
  signIn,
  testConfig,
  updateOwnProfile,
} from './helper';
import { DEAD_SMTP_URL } from './smtp-support';

const ctx = setupTestContext();
const HOUR = 60 * MINUTE;
const email = 'owner@example.com';

const requestCode = (
  app: FastifyInstance,
  opts: { route?: string; ip?: string; cookie?: string; roleId?: 0 | 1; to?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url: `/api/auth/${opts.route ?? 'login'}`,
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: opts.cookie ? { cookie: opts.cookie } : {},
    payload: { email: opts.to ?? email, roleId: opts.roleId ?? 0 },
  });

const verify = (app: FastifyInstance, otp: string, to = email, roleId: 0 | 1 = 0) =>
  app.inject({ method: 'POST', url: '/api/auth/verifyOtp', payload: { email: to, otp, roleId } });

const wrong = (code: string, n = 1) => String((Number(code) + n) % 10_000).padStart(4, '0');

/** The sign-in link's token from the newest mail to `to`. */
async function latestLink(app: FastifyInstance, to = email): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/mail?to=${to}` });
  const text = (res.json() as { data: { text: string }[] }).data[0]?.text ?? '';
  const token = /\/sign-in#link=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no sign-in link mailed to ${to}`);
  return token;
}

/** Opens the link (from another browser than the one that asked: the person confirms the question). */
const useLink = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/auth/verifyLink', payload: { token, confirm: true } });

describe('1. wrong codes are limited per address per day, and the mailed link still works', () => {
  it('allows 10 wrong codes per address in 24 hours over all its codes, then refuses even the right one', async () => {
    const app = await ctx.build();
    await requestCode(app);
    const first = await latestCode(app, email);
    const answers: number[] = [];
    for (let i = 1; i <= 5; i++) answers.push((await verify(app, wrong(first, i))).statusCode);
    expect(answers).toEqual([400, 400, 400, 400, 429]); // this code's 5 tries

    ctx.clock.advance(31 * SECOND);
    await requestCode(app);
    const second = await latestCode(app, email);
    const more: { status: number; message: string }[] = [];
    for (let i = 1; i <= 5; i++) {
      const res = await verify(app, wrong(second, i));
      more.push({ status: res.statusCode, message: res.json().message });
    }
    expect(more.slice(0, 4).map((a) => a.status)).toEqual([400, 400, 400, 400]);
    // The 10th wrong code of the day: the address is locked for codes, and the answer names the way out.
    expect(more[4]).toEqual({
      status: 429,
      message:
        'Too many wrong codes for this email today. Use the sign-in link in the email we sent, or try again in 24 hours.',
    });

    ctx.clock.advance(31 * SECOND);
    await requestCode(app);
    const right = await verify(app, await latestCode(app, email));
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();

    // A day after the first failures, codes work again.
    ctx.clock.advance(24 * HOUR);
    await requestCode(app);
    expect((await verify(app, await latestCode(app, email))).statusCode).toBe(200);
  });

  it('counts parallel guesses against the daily limit: 40 at once get at most 10 comparisons', async () => {
    const app = await ctx.build({ OTP_MAX_ATTEMPTS: 100 });
    await requestCode(app);
    const code = await latestCode(app, email);
    const guesses = Array.from({ length: 40 }, (_, i) => wrong(code, i + 1));
    const answers = await Promise.all(guesses.map((g) => verify(app, g)));
    // Every compared guess but the last answers 400; the rest were refused before any comparison.
    expect(answers.filter((a) => a.statusCode === 400).length).toBeLessThanOrEqual(9);
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 400 && s !== 429)).toEqual([]);
    const rows = await app.db.query.otpFailures.findMany();
    expect(rows.reduce((n, r) => n + r.weight, 0)).toBeLessThanOrEqual(10);
  });

  it('weighs a guess by the live codes it is compared with, so several codes do not multiply the chances', async () => {
    const app = await ctx.build({ OTP_MAX_ATTEMPTS: 100 });
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      await requestCode(app, { ip });
    }
    const codes = new Set(
      (await app.inject({ method: 'GET', url: `/api/dev/mail?to=${email}` }))
        .json()
        .data.map((m: { text: string }) => /\b(\d{4})\b/.exec(m.text)?.[1]),
    );
    let guess = 0;
    const next = () => {
      while (codes.has(String(guess).padStart(4, '0'))) guess++;
      return String(guess++).padStart(4, '0');
    };
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await verify(app, next())).statusCode);
    // 3 live codes: each wrong guess weighs 3, so the 4th guess would pass 10 and is refused.
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
  });

  it('mails a single-use 128-bit sign-in link with every code, which works while codes are locked', async () => {
    const app = await ctx.build({ OTP_MAX_FAILURES_PER_DAY: 1 });
    await requestCode(app, { roleId: 1 });
    const mail = (await app.inject({ method: 'GET', url: `/api/dev/mail?to=${email}` })).json()
      .data[0];
    expect(mail.text).toContain('http://localhost:3000/sign-in#link=');
    const token = await latestLink(app);
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    // Only its hash is stored.
    const [row] = await app.db.query.loginLinks.findMany();
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);

    const code = await latestCode(app, email);
    expect((await verify(app, wrong(code))).statusCode).toBe(429); // codes locked for the day

    const res = await useLink(app, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email, authMode: 'referrer' });
    expect(sessionCookie(res)?.value).toBeTruthy();

    const again = await useLink(app, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      'This sign-in link has expired or was already used. Please request a new code.',
    );
  });

  it('refuses a sign-in link after 10 minutes and a made-up one', async () => {
    const app = await ctx.build();
    await requestCode(app);
    const token = await latestLink(app);
    ctx.clock.advance(10 * MINUTE + SECOND);
    expect((await useLink(app, token)).statusCode).toBe(400);
    expect((await useLink(app, 'A'.repeat(22))).statusCode).toBe(400);
    expect((await useLink(app, 'short')).statusCode).toBe(400);
  });
});

describe('2. a new sign-in e-mail takes effect only with a code sent to it', () => {
  it('keeps the old e-mail until the code is entered, then ends the other sessions', async () => {
    const app = await ctx.build();
    const here = await signIn(app, 'old@example.com');
    ctx.clock.advance(31 * SECOND);
    const elsewhere = await signIn(app, 'old@example.com');
    ctx.clock.advance(31 * SECOND);
    const put = await updateOwnProfile(app, here, { email: 'new@example.com', fullName: 'Olga' });
    expect(put.statusCode).toBe(200);
    expect(put.json().message).toBe(
      'We sent a code to new@example.com. Enter it to make it your sign-in email; until then it stays old@example.com.',
    );
    expect(put.json().data).toMatchObject({
      email: 'old@example.com',
      fullName: 'Olga',
      pendingEmail: 'new@example.com',
    });
    const me = await getMe(app, here.cookie);
    expect(me.json().data.email).toBe('old@example.com');

    const wrongCode = await confirmEmailChange(
      app,
      here.cookie,
      'new@example.com',
      wrong(await latestCode(app, 'new@example.com')),
    );
    expect(wrongCode.statusCode).toBe(400);

    const ok = await confirmEmailChange(app, here.cookie, 'new@example.com');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      message: 'Email updated successfully!',
      data: { email: 'new@example.com' },
    });
    const still = await getMe(app, here.cookie);
    expect(still.json().data.email).toBe('new@example.com');
    const ended = await getMe(app, elsewhere.cookie);
    expect(ended.statusCode).toBe(401);
  });

  it('no longer lets an attacker pre-claim an address: its owner signing up gets an account of their own', async () => {
    const app = await ctx.build();
    const attacker = await signIn(app, 'mallory@example.com');
    ctx.clock.advance(31 * SECOND);
    await updateOwnProfile(app, attacker, { email: 'victim@example.com' });
    ctx.clock.advance(31 * SECOND);
    const victim = await signIn(app, 'victim@example.com');
    expect(victim.user._id).not.toBe(attacker.user._id);
    const theirs = await getMe(app, attacker.cookie);
    expect(theirs.json().data.email).toBe('mallory@example.com');
    // The code the victim's sign-up consumed cannot be replayed by the attacker either.
    const replay = await confirmEmailChange(app, attacker.cookie, 'victim@example.com');
    expect(replay.statusCode).toBe(400);
  });
});

describe("3. others asking for codes do not take away the owner's way in", () => {
  it("keeps the owner's code valid and the owner able to ask again after 5 requests from other IPs", async () => {
    const app = await ctx.build();
    expect((await requestCode(app)).statusCode).toBe(200);
    const mine = await latestCode(app, email);
    for (let i = 1; i <= 5; i++) {
      expect((await requestCode(app, { ip: `203.0.113.${i}` })).statusCode).toBe(200);
    }
    ctx.clock.advance(31 * SECOND);
    expect((await requestCode(app)).statusCode).toBe(200);
    expect((await verify(app, mine)).statusCode).toBe(200);
  });

  it('holds strangers to the per-address hourly cap, but not a browser that signed in there before', async () => {
    const app = await ctx.build({ OTP_ADDRESS_MAX_PER_HOUR: 3 });
    const owner = await signIn(app, email);
    for (let i = 1; i <= 2; i++) {
      expect((await requestCode(app, { ip: `203.0.113.${i}` })).statusCode).toBe(200);
    }
    expect((await requestCode(app, { ip: '203.0.113.50' })).statusCode).toBe(429);

    // The owner's browser carries the device cookie set when it signed in.
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/verifyLink',
      payload: { token: await latestLink(app), confirm: true },
    });
    const mark = signedIn.cookies.find((c) => c.name === 'referio_device');
    expect(mark?.httpOnly).toBe(true);
    ctx.clock.advance(31 * SECOND);
    const res = await requestCode(app, {
      ip: '198.51.100.9',
      cookie: `referio_device=${mark!.value}; ${owner.cookie}`,
    });
    expect(res.statusCode).toBe(200);
    // The cookie is bound to its address: it does not lift the cap for another one.
    const other = 'someone@example.com';
    for (let i = 1; i <= 3; i++) await requestCode(app, { ip: `203.0.113.${i}`, to: other });
    const foreign = await requestCode(app, {
      ip: '198.51.100.9',
      to: other,
      cookie: `referio_device=${mark!.value}`,
    });
    expect(foreign.statusCode).toBe(429);
  });
});

describe('4. the answers do not tell which addresses have accounts', () => {
  it('answers login for an unknown address exactly as for a known one, and the code creates the account', async () => {
    const app = await ctx.build();
    await signIn(app, 'known@example.com');
    ctx.clock.advance(31 * SECOND);
    const known = await requestCode(app, { to: 'known@example.com' });
    const unknown = await requestCode(app, { to: 'nobody@example.com', roleId: 1 });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.json()).toEqual({ success: true, message: 'OTP sent to your email!' });

    const res = await verify(
      app,
      await latestCode(app, 'nobody@example.com'),
      'nobody@example.com',
      1,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: 'nobody@example.com', authMode: 'referrer' });
  });
});

describe('5. the per-IP limit trusts only the configured proxies', () => {
  it('ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
    const app = await ctx.build({ OTP_IP_MAX: 2, OTP_RESEND_INTERVAL_SECONDS: 0 });
    const statuses = [];
    for (let i = 1; i <= 3; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/createUser',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': `10.9.9.${i}` },
        payload: { email: `forger${i}@example.com`, roleId: 0 },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('gives each client behind the trusted proxy its own budget', async () => {
    const app = await ctx.build({ OTP_IP_MAX: 1, OTP_RESEND_INTERVAL_SECONDS: 0 });
    const from = (client: string, i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/createUser',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
        payload: { email: `client${i}@example.com`, roleId: 0 },
      });
    expect((await from('198.51.100.1', 1)).statusCode).toBe(200);
    expect((await from('198.51.100.2', 2)).statusCode).toBe(200);
    expect((await from('198.51.100.1', 3)).statusCode).toBe(429);
  });

  it('refuses TRUST_PROXY values that would trust any client at boot, and accepts proxy lists', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*any client/);
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });
});

describe('6. the dev mailbox is served only to this machine, never in production', () => {
  it('answers loopback clients and refuses others, also behind the proxy', async () => {
    const app = await ctx.build();
    await requestCode(app);
    const local = await app.inject({ method: 'GET', url: `/api/dev/mail?to=${email}` });
    expect(local.statusCode).toBe(200);
    const remote = await app.inject({
      method: 'GET',
      url: `/api/dev/mail?to=${email}`,
      remoteAddress: '203.0.113.5',
    });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toEqual({
      success: false,
      message: 'The dev mailbox is only served to this machine.',
    });
    expect(remote.body).not.toMatch(/\d{4}/);
    const proxied = await app.inject({
      method: 'GET',
      url: `/api/dev/mail?to=${email}`,
      headers: { 'x-forwarded-for': '203.0.113.5' },
    });
    expect(proxied.statusCode).toBe(403);
  });

  it('says so at start-up, and not in production', async () => {
    const logs = async (NODE_ENV: 'development' | 'production') => {
      const lines: string[] = [];
      const app = await buildApp(
        testConfig({ NODE_ENV, SMTP_URL: NODE_ENV === 'production' ? DEAD_SMTP_URL : undefined }),
        {
          database: ctx.database,
          now: ctx.clock.now,
          logger: { level: 'info', stream: { write: (s: string) => void lines.push(s) } },
        },
      );
      await app.close();
      return lines.join('\n');
    };
    expect(await logs('development')).toContain(
      'dev mailbox at /api/dev/mail: serves sign-in codes, to loopback clients only',
    );
    expect(await logs('production')).not.toContain('dev mailbox');
  });

  it('does not exist in production', async () => {
    const app = await ctx.build({ NODE_ENV: 'production', SMTP_URL: DEAD_SMTP_URL });
    const res = await app.inject({ method: 'GET', url: `/api/dev/mail?to=${email}` });
    expect(res.statusCode).toBe(404);
  });
});
