// Account safety: sign-in links bound to the browser that asked, e-mail changes that need a
// recent sign-in and can be undone from the old address, mail budgets, and wrong-code locks that do not
// lock the owner's own browser. PGlite here; `npm run test:pg` runs the same file on PostgreSQL.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  confirmEmailChange,
  getMe,
  latestCode,
  MINUTE,
  SECOND,
  sessionCookie,
  setupTestContext,
  signIn,
  updateOwnProfile,
} from './helper';

const ctx = setupTestContext();

/** `name=value` of the cookies a response set, for the next request of the same browser. */
const cookiesOf = (res: LightMyRequestResponse, jar: Record<string, string> = {}) => {
  for (const c of res.cookies) jar[c.name] = c.value;
  return jar;
};
const header = (jar: Record<string, string>) =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

async function mails(app: FastifyInstance, to: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/dev/mail?to=${encodeURIComponent(to)}`,
  });
  return (res.json() as { data: { subject: string; text: string }[] }).data;
}

async function linkToken(app: FastifyInstance, to: string) {
  const text = (await mails(app, to))[0]?.text ?? '';
  const token = /\/sign-in#link=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no link mailed to ${to}`);
  return token;
}

const post = (app: FastifyInstance, url: string, payload: unknown, cookie = '', ip = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: payload as Record<string, unknown>,
    headers: cookie ? { cookie } : {},
    remoteAddress: ip,
  });

describe('a sign-in link works silently only in the browser that asked for it', () => {
  it('signs in the asking browser; another browser is asked "Sign in as {address}?" and is not signed in until it says yes', async () => {
    const app = await ctx.build();
    const attacker = 'mallory@example.com';
    // The attacker asks for a link in their own browser and sends it to the victim.
    const asked = await post(app, '/auth/login', { email: attacker, roleId: 0 });
    expect(asked.statusCode).toBe(200);
    const attackerJar = cookiesOf(asked);
    expect(attackerJar.referio_browser).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const token = await linkToken(app, attacker);

    // The victim, signed in as herself, opens it.
    const victim = await signIn(app, 'victim@example.com');
    const check = await post(app, '/auth/checkLink', { token }, victim.cookie);
    expect(check.json()).toEqual({
      success: true,
      data: { email: attacker, sameBrowser: false, signedInEmail: 'victim@example.com' },
    });
    const silent = await post(app, '/auth/verifyLink', { token }, victim.cookie);
    expect(silent.statusCode).toBe(409);
    expect(silent.json()).toEqual({ success: false, message: `Sign in as ${attacker}?` });
    expect(sessionCookie(silent)).toBeUndefined();
    // Still herself, and the link is still unused.
    const me = await getMe(app, victim.cookie);
    expect(me.json().data.email).toBe('victim@example.com');

    // In the browser that asked, the same link signs in without a question.
    const own = await post(app, '/auth/verifyLink', { token }, header(attackerJar));
    expect(own.statusCode).toBe(200);
    expect(own.json().data.email).toBe(attacker);
  });

  it('signs in another browser once the person confirms, replacing the session it had', async () => {
    const app = await ctx.build();
    const to = 'owner@example.com';
    await post(app, '/auth/login', { email: to, roleId: 0 });
    const token = await linkToken(app, to);
    const other = await signIn(app, 'someone-else@example.com');
    const yes = await post(app, '/auth/verifyLink', { token, confirm: true }, other.cookie);
    expect(yes.statusCode).toBe(200);
    expect(yes.json().data.email).toBe(to);
    // The browser now holds the new account's session cookie.
    const now = await getMe(app, `referio_sid=${sessionCookie(yes)!.value}`);
    expect(now.json().data.email).toBe(to);
    // Used once.
    expect((await post(app, '/auth/verifyLink', { token, confirm: true })).statusCode).toBe(400);
  });
});

describe('changing the sign-in e-mail', () => {
  it('needs the code of the current address when the session is older than 15 minutes', async () => {
    const app = await ctx.build();
    const owner = await signIn(app, 'old@example.com');
    ctx.clock.advance(16 * MINUTE);
    const change = (extra: Record<string, unknown> = {}) =>
      app.inject({
        method: 'PUT',
        url: `/api/auth/updateById/${owner.user._id}`,
        headers: { cookie: owner.cookie },
        payload: { updatedData: { email: 'thief@example.com' }, ...extra },
      });
    const first = await change();
    expect(first.statusCode).toBe(403);
    expect(first.json().message).toBe(
      "To change your sign-in email, enter the code we sent to old@example.com. It confirms it's you.",
    );
    const [asked] = await mails(app, 'old@example.com');
    expect(asked?.text).toContain('change its sign-in email to thief@example.com');
    expect(await mails(app, 'thief@example.com')).toHaveLength(0);
    const code = await latestCode(app, 'old@example.com');
    const wrongCode = String((Number(code) + 1) % 10_000).padStart(4, '0');
    expect((await change({ currentEmailOtp: wrongCode })).statusCode).toBe(400);
    const ok = await change({ currentEmailOtp: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.pendingEmail).toBe('thief@example.com');
  });

  it('tells the old address, whose "this wasn\'t me" link restores it and ends every session, for 7 days', async () => {
    const app = await ctx.build();
    const owner = await signIn(app, 'mine@example.com');
    const put = await updateOwnProfile(app, owner, { email: 'taken-over@example.com' });
    expect(put.statusCode).toBe(200);
    const confirm = await confirmEmailChange(app, owner.cookie, 'taken-over@example.com');
    expect(confirm.statusCode).toBe(200);
    const [notice] = await mails(app, 'mine@example.com');
    expect(notice?.subject).toBe('Your Referio sign-in email was changed');
    expect(notice?.text).toContain('from mine@example.com to taken-over@example.com');
    const token = /\/sign-in#revert=([A-Za-z0-9_-]+)/.exec(notice?.text ?? '')?.[1];
    expect(token).toBeDefined();

    ctx.clock.advance(6 * 24 * 60 * MINUTE);
    const revert = await post(app, '/auth/revertEmailChange', { token });
    expect(revert.statusCode).toBe(200);
    expect(revert.json().message).toBe(
      'Your sign-in email is mine@example.com again, and every session of your account has ended. Please sign in.',
    );
    const session = await getMe(app, owner.cookie);
    expect(session.statusCode).toBe(401);
    // The old address signs in to the same account again; the new one no longer does.
    const back = await signIn(app, 'mine@example.com');
    expect(back.user._id).toBe(owner.user._id);
    // Once only.
    expect((await post(app, '/auth/revertEmailChange', { token })).statusCode).toBe(400);
  });

  it('refuses a revert link after 7 days', async () => {
    const app = await ctx.build();
    const owner = await signIn(app, 'late@example.com');
    await updateOwnProfile(app, owner, { email: 'later@example.com' });
    await confirmEmailChange(app, owner.cookie, 'later@example.com');
    const token = /#revert=([A-Za-z0-9_-]+)/.exec(
      (await mails(app, 'late@example.com'))[0]?.text ?? '',
    )?.[1];
    ctx.clock.advance(7 * 24 * 60 * MINUTE + SECOND);
    const res = await post(app, '/auth/revertEmailChange', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This link has expired or was already used.');
  });
});

describe('mail budgets answer 429', () => {
  it('per IP: the 4th mail from one address in an hour with MAIL_IP_MAX_PER_HOUR=3', async () => {
    const app = await ctx.build({ MAIL_IP_MAX_PER_HOUR: 3 });
    const statuses = [];
    for (let i = 1; i <= 4; i++) {
      statuses.push(
        (
          await post(
            app,
            '/auth/login',
            { email: `ip${i}@example.com`, roleId: 0 },
            '',
            '198.51.100.7',
          )
        ).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await post(
      app,
      '/auth/createUser',
      { email: 'ip5@example.com', roleId: 0 },
      '',
      '198.51.100.7',
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many emails requested\. Please try again in \d+ (minutes?|hours?)\.$/,
    );
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(await mails(app, 'ip4@example.com')).toHaveLength(0);
    // Another IP is not held back.
    expect(
      (await post(app, '/auth/login', { email: 'ip4@example.com', roleId: 0 }, '', '198.51.100.8'))
        .statusCode,
    ).toBe(200);
  });

  it('per account: a signed-in account cannot make the site mail codes to any number of addresses', async () => {
    const app = await ctx.build({ MAIL_ACCOUNT_MAX_PER_HOUR: 2, OTP_RESEND_INTERVAL_SECONDS: 0 });
    const user = await signIn(app, 'sender@example.com');
    const statuses = [];
    for (let i = 1; i <= 3; i++) {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/auth/updateById/${user.user._id}`,
        headers: { cookie: user.cookie },
        remoteAddress: `203.0.113.${i}`,
        payload: { updatedData: { email: `target${i}@example.com` } },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(await mails(app, 'target3@example.com')).toHaveLength(0);
    const work = await app.inject({
      method: 'POST',
      url: '/api/auth/workEmailVerify',
      headers: { cookie: user.cookie },
      remoteAddress: '203.0.113.9',
      payload: { workEmail: 'me@acme-corp.com', id: user.user._id },
    });
    expect(work.statusCode).toBe(429);
  });

  it('per recipient: one address gets at most MAIL_RECIPIENT_MAX_PER_DAY mails a day from strangers, its own browser still gets its code', async () => {
    const app = await ctx.build({ MAIL_RECIPIENT_MAX_PER_DAY: 2, OTP_RESEND_INTERVAL_SECONDS: 0 });
    const to = 'inbox@example.com';
    // The owner signs in from her browser (one mail), which then holds the device mark.
    await post(app, '/auth/login', { email: to, roleId: 0 });
    const signedIn = await post(app, '/auth/verifyOtp', {
      email: to,
      otp: await latestCode(app, to),
      roleId: 0,
    });
    const mark = signedIn.cookies.find((c) => c.name === 'referio_device')!.value;
    const statuses = [];
    for (let i = 1; i <= 2; i++) {
      statuses.push(
        (await post(app, '/auth/login', { email: to, roleId: 0 }, '', `192.0.2.${i}`)).statusCode,
      );
    }
    expect(statuses).toEqual([200, 429]);
    const own = await post(app, '/auth/login', { email: to, roleId: 0 }, `referio_device=${mark}`);
    expect(own.statusCode).toBe(200);
  });
});

describe("wrong codes lock strangers out, not the owner's own browser", () => {
  it('10 wrong codes from strangers leave the browser that signed in before its own 10', async () => {
    const app = await ctx.build({ OTP_RESEND_INTERVAL_SECONDS: 0, OTP_MAX_ATTEMPTS: 100 });
    const to = 'locked@example.com';
    // The owner signed in from this browser before: it holds the device mark.
    await post(app, '/auth/login', { email: to, roleId: 0 });
    const first = await post(app, '/auth/verifyOtp', {
      email: to,
      otp: await latestCode(app, to),
      roleId: 0,
    });
    const mark = first.cookies.find((c) => c.name === 'referio_device')!.value;

    // A stranger asks for a code and spends the day's wrong codes.
    await post(app, '/auth/login', { email: to, roleId: 0 }, '', '203.0.113.66');
    const code = await latestCode(app, to);
    const wrong = (n: number) => String((Number(code) + n) % 10_000).padStart(4, '0');
    const answers = [];
    for (let i = 1; i <= 11; i++) {
      answers.push(
        (
          await post(
            app,
            '/auth/verifyOtp',
            { email: to, otp: wrong(i), roleId: 0 },
            '',
            '203.0.113.66',
          )
        ).statusCode,
      );
    }
    expect(answers.slice(0, 9)).toEqual(Array(9).fill(400));
    expect(answers.slice(9)).toEqual([429, 429]);
    const locked = await post(
      app,
      '/auth/verifyOtp',
      { email: to, otp: code, roleId: 0 },
      '',
      '203.0.113.66',
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toContain('Use the sign-in link in the email we sent');

    // The owner's browser: a fresh code works.
    const again = await post(
      app,
      '/auth/login',
      { email: to, roleId: 0 },
      `referio_device=${mark}`,
    );
    expect(again.statusCode).toBe(200);
    const ok = await post(
      app,
      '/auth/verifyOtp',
      { email: to, otp: await latestCode(app, to), roleId: 0 },
      `referio_device=${mark}`,
    );
    expect(ok.statusCode).toBe(200);
  });
});
