// The way from a shared job link to a signed-in person with a name: the return path in the mailed
// sign-in link, the name asked for at first sign-in, and sign-in limits that do not lock out everyone
// behind one office or carrier IP while a chosen account's code stays at or below 0.1 % a day.
import type { FastifyInstance } from 'fastify';
import {
  latestCode,
  MINUTE,
  SECOND,
  sessionCookie,
  setupTestContext,
  signIn,
  getMe,
} from './helper';
import { call, insertJob, makeUser, sendReferral, uploadResume } from './market-fixtures';

const ctx = setupTestContext();
const OFFICE_IP = '198.51.100.7';

/** `referio_browser=…` from an answer's Set-Cookie, to send back as that browser. */
function browserCookie(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : [raw];
  const found = all.find((c) => typeof c === 'string' && c.startsWith('referio_browser='));
  if (typeof found !== 'string') throw new Error('no referio_browser cookie set');
  return found.split(';')[0]!;
}

const send = (
  app: FastifyInstance,
  email: string,
  opts: { ip?: string; cookie?: string; next?: unknown; route?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url: `/api/auth/${opts.route ?? 'login'}`,
    remoteAddress: opts.ip ?? OFFICE_IP,
    headers: opts.cookie ? { cookie: opts.cookie } : {},
    payload: { email, roleId: 0, ...(opts.next !== undefined ? { next: opts.next } : {}) },
  });

const check = (
  app: FastifyInstance,
  email: string,
  otp: string,
  opts: { ip?: string; cookie?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/verifyOtp',
    remoteAddress: opts.ip ?? OFFICE_IP,
    headers: opts.cookie ? { cookie: opts.cookie } : {},
    payload: { email, otp, roleId: 0 },
  });

async function latestMail(app: FastifyInstance, to: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/mail?to=${to}` });
  return (res.json() as { data: { text: string }[] }).data[0]?.text ?? '';
}

const wrong = (code: string, n = 1) => String((Number(code) + n) % 10_000).padStart(4, '0');

describe('the mailed sign-in link keeps the page the person came from', () => {
  it.each(['login', 'createUser'])(
    '/auth/%s puts `next` in the link before the token',
    async (route) => {
      const app = await ctx.build();
      const res = await send(app, 'ana@example.com', { route, next: '/job-details/42?from=share' });
      expect(res.statusCode).toBe(200);
      const text = await latestMail(app, 'ana@example.com');
      expect(text).toMatch(
        /http:\/\/localhost:3000\/sign-in\?next=%2Fjob-details%2F42%3Ffrom%3Dshare#link=[A-Za-z0-9_-]{16,}/,
      );
    },
  );

  it('leaves the link plain without `next`', async () => {
    const app = await ctx.build();
    await send(app, 'ana@example.com');
    expect(await latestMail(app, 'ana@example.com')).toMatch(
      /http:\/\/localhost:3000\/sign-in#link=/,
    );
  });

  it.each([
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/job-details/1\nSet-Cookie: x',
    '/sign-in?next=/x',
    'x'.repeat(10),
    42,
  ])('refuses %j as a return path with 400, sending nothing', async (next) => {
    const app = await ctx.build();
    const res = await send(app, 'ana@example.com', { next });
    expect(res.statusCode).toBe(400);
    expect(await latestMail(app, 'ana@example.com')).toBe('');
  });
});

describe('PUT /auth/name: the name asked for at first sign-in', () => {
  const putName = (app: FastifyInstance, cookie: string | null, body: unknown) =>
    app.inject({
      method: 'PUT',
      url: '/api/auth/name',
      headers: cookie ? { cookie } : {},
      payload: body as object,
    });

  it('saves the trimmed name of the signed-in user only; /auth/me shows it', async () => {
    const app = await ctx.build();
    const ana = await signIn(app, 'ana@example.com');
    const ravi = await signIn(app, 'ravi@example.com');
    expect((ana.user as { fullName?: string }).fullName).toBe('');
    const res = await putName(app, ana.cookie, { fullName: '  Ana Rao  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ fullName: 'Ana Rao', displayName: 'Ana Rao' });
    const me = await getMe(app, ana.cookie);
    expect(me.json().data.fullName).toBe('Ana Rao');
    const other = await getMe(app, ravi.cookie);
    expect(other.json().data.fullName).toBe('');
  });

  it('answers 401 without a session', async () => {
    const app = await ctx.build();
    const res = await putName(app, null, { fullName: 'Ana Rao' });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{}, 'Please enter your name.'],
    [{ fullName: '   ' }, 'Please enter your name.'],
    [{ fullName: 'ana@example.com' }, 'Please enter your name, not an email address.'],
    [{ fullName: '1234' }, 'Your name must contain letters.'],
    [{ fullName: 'A'.repeat(101) }, 'Your name must be at most 100 characters.'],
    [{ fullName: 7 }, 'Please enter your name.'],
  ])('answers %j with 400 %j and keeps the old name', async (body, message) => {
    const app = await ctx.build();
    const ana = await signIn(app, 'ana@example.com');
    const res = await putName(app, ana.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const me = await getMe(app, ana.cookie);
    expect(me.json().data.fullName).toBe('');
  });
});

describe('sign-in limits: per browser and per address, the IP only a backstop', () => {
  it('lets 40 people behind one IP sign in within 10 minutes (the old limit was 20 per IP)', async () => {
    const app = await ctx.build({
      OTP_IP_MAX: 600,
      OTP_BROWSER_MAX: 20,
      MAIL_IP_MAX_PER_HOUR: 300,
    });
    for (let i = 0; i < 40; i++) {
      const email = `person${i}@example.com`;
      const sent = await send(app, email);
      expect(sent.statusCode).toBe(200);
      const cookie = browserCookie(sent);
      const res = await check(app, email, await latestCode(app, email), { cookie });
      expect(res.statusCode).toBe(200);
    }
  });

  it('stops one browser after OTP_BROWSER_MAX sends and checks; its neighbours on the IP go on', async () => {
    const app = await ctx.build({
      OTP_IP_MAX: 600,
      OTP_BROWSER_MAX: 5,
      OTP_RESEND_INTERVAL_SECONDS: 0,
    });
    const first = await send(app, 'noisy@example.com');
    const cookie = browserCookie(first);
    const statuses = [first.statusCode];
    for (let i = 0; i < 5; i++)
      statuses.push((await check(app, 'noisy@example.com', '0000', { cookie })).statusCode);
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses[5]).toBe(429);
    // Another browser on the same IP is not affected.
    const neighbour = await send(app, 'quiet@example.com');
    expect(neighbour.statusCode).toBe(200);
    const ok = await check(app, 'quiet@example.com', await latestCode(app, 'quiet@example.com'), {
      cookie: browserCookie(neighbour),
    });
    expect(ok.statusCode).toBe(200);
    // The browser's budget comes back after the window.
    ctx.clock.advance(10 * MINUTE + SECOND);
    expect((await send(app, 'noisy@example.com', { cookie })).statusCode).toBe(200);
  });

  it('keeps the per-IP backstop (OTP_IP_MAX) for browsers that drop their cookie', async () => {
    const app = await ctx.build({ OTP_IP_MAX: 3, OTP_BROWSER_MAX: 20 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send(app, `new${i}@example.com`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await send(app, 'elsewhere@example.com', { ip: '203.0.113.1' })).statusCode).toBe(200);
  });

  it('charges code mails to the browser (MAIL_BROWSER_MAX_PER_HOUR), not only to the IP', async () => {
    const app = await ctx.build({ MAIL_BROWSER_MAX_PER_HOUR: 2, OTP_RESEND_INTERVAL_SECONDS: 0 });
    const first = await send(app, 'a@example.com');
    const cookie = browserCookie(first);
    expect((await send(app, 'b@example.com', { cookie })).statusCode).toBe(200);
    const third = await send(app, 'c@example.com', { cookie });
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(/^Too many emails requested\. Please try again in /);
    // A neighbour's browser on the same IP still gets its mail.
    expect((await send(app, 'c@example.com')).statusCode).toBe(200);
  });

  it('caps wrong codes for one address at 10 a day across browsers and IPs (≤ 0.1 % a day)', async () => {
    const app = await ctx.build({ OTP_RESEND_INTERVAL_SECONDS: 0 });
    const victim = 'victim@example.com';
    await send(app, victim, { ip: '203.0.113.50' });
    const code = await latestCode(app, victim);
    let wrongAnswers = 0;
    let refused = 0;
    for (let i = 1; i <= 40; i++) {
      // A new IP and a new browser for every guess, and a fresh code every 4 guesses.
      const ip = `203.0.113.${100 + i}`;
      if (i % 4 === 0) await send(app, victim, { ip });
      const res = await check(app, victim, wrong(code, i), { ip });
      if (res.statusCode === 400) wrongAnswers++;
      else if (res.statusCode === 429) refused++;
    }
    expect(wrongAnswers).toBeLessThanOrEqual(10);
    expect(wrongAnswers + refused).toBe(40);
    // Every guess was counted: 10 chances in 10,000 at most, the day's bound of 0.1 %.
    const weights = await app.db.query.otpFailures.findMany();
    expect(weights.reduce((sum, r) => sum + r.weight, 0)).toBeLessThanOrEqual(10);
  });
});

it('signs in without any cookie (a first visit): the browser id is given on the way', async () => {
  const app = await ctx.build();
  const res = await send(app, 'z@example.com');
  const ok = await check(app, 'z@example.com', await latestCode(app, 'z@example.com'));
  expect(res.statusCode).toBe(200);
  expect(sessionCookie(ok)?.value).toBeTruthy();
});

describe('the name given at first sign-in is what others see', () => {
  it('the candidate is told "<name> approved…" (bell and e-mail), not "A Referio member" or an address', async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref', { workEmailAdded: true }, 1);
    const candidate = await makeUser(app, 'cand', {});
    const job = await insertJob(app, referrer.id, {
      jobTitle: 'Platform Engineer',
      companyName: 'Acme Corp',
    });
    await uploadResume(app, candidate);
    // Both answer the name prompt.
    for (const [u, fullName] of [
      [referrer, 'Ravi Menon'],
      [candidate, 'Cara Cand'],
    ] as const) {
      expect((await call(app, u, 'PUT', '/auth/name', { fullName })).statusCode).toBe(200);
    }
    const sent = await sendReferral(app, candidate, job.id, referrer.id);
    expect(sent.statusCode).toBe(201);
    const requestId = sent.json().data._id as string;
    const approved = await call(
      app,
      referrer,
      'PUT',
      `/referralRequest/updateReferralStatus/${requestId}`,
      {
        status: 'approved',
      },
    );
    expect(approved.statusCode).toBe(200);

    const bell = await call(app, candidate, 'GET', '/notifications');
    const texts = (bell.json().data.items as { text: string }[]).map((i) => i.text);
    expect(texts).toContain(
      'Ravi Menon approved your referral request for Platform Engineer at Acme Corp.',
    );
    expect(texts.join(' ')).not.toMatch(/A Referio member|@/);
    const referrerBell = await call(app, referrer, 'GET', '/notifications');
    expect(JSON.stringify(referrerBell.json().data.items)).toContain('Cara Cand');

    await app.outbox.drainAll();
    const mails = await call(
      app,
      null,
      'GET',
      `/dev/mail?to=${encodeURIComponent(candidate.email)}`,
    );
    const approval = (mails.json().data as { subject: string; text: string }[]).find((m) =>
      /was approved$/.test(m.subject),
    );
    expect(approval?.text).toContain('Ravi Menon');
    expect(approval?.text).not.toContain(referrer.email);
  });
});
