import { latestCode, MINUTE, SECOND, setupTestContext } from './helper';

const ctx = setupTestContext();
const email = 'asha@example.com';

async function requestCode(
  app: Awaited<ReturnType<typeof ctx.build>>,
  route = 'createUser',
  roleId: 0 | 1 = 0,
) {
  return app.inject({ method: 'POST', url: `/api/auth/${route}`, payload: { email, roleId } });
}
const verify = (app: Awaited<ReturnType<typeof ctx.build>>, otp: string, roleId: 0 | 1 = 0) =>
  app.inject({ method: 'POST', url: '/api/auth/verifyOtp', payload: { email, otp, roleId } });
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('sign-in codes', () => {
  it('mails a 4-digit code that signs a new user up with the chosen role', async () => {
    const app = await ctx.build();
    const sent = await requestCode(app, 'createUser', 1);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true, message: 'OTP sent to your email!' });

    const mail = (await app.inject({ method: 'GET', url: `/api/dev/mail?to=${email}` })).json()
      .data[0];
    expect(mail.text).toMatch(/^Your Referio sign-in code is \d{4}\. It expires in 10 minutes\./);

    const res = await verify(app, await latestCode(app, email), 1);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('OTP Verified Sucessfully!');
    expect(body.data).toMatchObject({
      email,
      authMode: 'referrer',
      roleId: [1, 0],
      workEmailAdded: false,
    });
    expect(body.data.roles[0]).toEqual({ roleName: 'referer', roleId: 1 });
  });

  it('does not create an account until the code is verified', async () => {
    const app = await ctx.build();
    await requestCode(app, 'createUser');
    ctx.clock.advance(31 * SECOND);
    expect((await requestCode(app, 'login')).statusCode).toBe(200);
    expect(await app.users.findByEmail(email)).toBeNull();
  });

  it('sends a login code to an existing account', async () => {
    const app = await ctx.build();
    await requestCode(app, 'createUser');
    await verify(app, await latestCode(app, email));
    ctx.clock.advance(31 * SECOND);
    const res = await requestCode(app, 'login');
    expect(res.statusCode).toBe(200);
    expect((await verify(app, await latestCode(app, email))).statusCode).toBe(200);
  });

  it('answers a wrong code with 400 and the spec message', async () => {
    const app = await ctx.build();
    await requestCode(app);
    const res = await verify(app, wrong(await latestCode(app, email)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Invalid OTP. Please try again.' });
  });

  it('refuses a code after 10 minutes as expired', async () => {
    const app = await ctx.build();
    await requestCode(app);
    const code = await latestCode(app, email);
    ctx.clock.advance(10 * MINUTE + SECOND);
    const res = await verify(app, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('OTP has expired. Please request a new one.');
  });

  it('accepts a code just before it expires', async () => {
    const app = await ctx.build();
    await requestCode(app);
    const code = await latestCode(app, email);
    ctx.clock.advance(10 * MINUTE - SECOND);
    expect((await verify(app, code)).statusCode).toBe(200);
  });

  it('locks the code after 5 wrong tries, even against the right code', async () => {
    const app = await ctx.build();
    await requestCode(app);
    const code = await latestCode(app, email);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await verify(app, wrong(code))).json().message);
    expect(answers).toEqual([
      'Invalid OTP. Please try again.',
      'Invalid OTP. Please try again.',
      'Invalid OTP. Please try again.',
      'Invalid OTP. Please try again.',
      'Too many attempts. Please request a new OTP.',
    ]);
    const right = await verify(app, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe('Too many attempts. Please request a new OTP.');

    ctx.clock.advance(31 * SECOND);
    await requestCode(app);
    expect((await verify(app, await latestCode(app, email))).statusCode).toBe(200);
  });

  it('uses a code only once', async () => {
    const app = await ctx.build();
    await requestCode(app);
    const code = await latestCode(app, email);
    expect((await verify(app, code)).statusCode).toBe(200);
    const again = await verify(app, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('OTP has expired. Please request a new one.');
  });

  it('keeps an older code valid when a newer one is sent, and retires both once one is used', async () => {
    const app = await ctx.build();
    await requestCode(app);
    const first = await latestCode(app, email);
    ctx.clock.advance(31 * SECOND);
    await requestCode(app);
    const second = await latestCode(app, email);
    expect((await verify(app, first)).statusCode).toBe(200);
    if (first !== second) expect((await verify(app, second)).statusCode).toBe(400);
  });

  it('allows one code per 30 seconds per e-mail and says when to retry', async () => {
    const app = await ctx.build();
    expect((await requestCode(app)).statusCode).toBe(200);
    ctx.clock.advance(10 * SECOND);
    const res = await requestCode(app);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      success: false,
      message: 'Please wait 20 seconds before requesting a new OTP.',
    });
    expect(res.headers['retry-after']).toBe('20');
    ctx.clock.advance(20 * SECOND);
    expect((await requestCode(app)).statusCode).toBe(200);
  });

  it('allows at most 5 codes an hour per e-mail', async () => {
    const app = await ctx.build();
    for (let i = 0; i < 5; i++) {
      expect((await requestCode(app)).statusCode).toBe(200);
      ctx.clock.advance(MINUTE);
    }
    const res = await requestCode(app);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(
      'Too many OTP requests for this email. Please try again in 55 minutes.',
    );
    ctx.clock.advance(55 * MINUTE);
    expect((await requestCode(app)).statusCode).toBe(200);
  });

  it('takes the resend limits from the configuration', async () => {
    const app = await ctx.build({ OTP_RESEND_INTERVAL_SECONDS: 0, OTP_MAX_PER_HOUR: 2 });
    expect((await requestCode(app)).statusCode).toBe(200);
    expect((await requestCode(app)).statusCode).toBe(200);
    expect((await requestCode(app)).statusCode).toBe(429);
  });

  it('limits the code routes per IP address', async () => {
    const app = await ctx.build({ OTP_IP_MAX: 3, OTP_RESEND_INTERVAL_SECONDS: 0 });
    const statuses = [];
    for (const route of ['createUser', 'createUser', 'login', 'createUser']) {
      statuses.push((await requestCode(app, route)).statusCode);
    }
    // Sign-up and sign-in spend the same shared budget.
    expect(statuses).toEqual([200, 200, 200, 429]);
    const res = await verify(app, '1234');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many requests\. Please try again in /);
  });

  it('stores codes hashed, never in clear', async () => {
    const app = await ctx.build();
    await requestCode(app);
    const code = await latestCode(app, email);
    const rows = await app.db.query.otpCodes.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(`"${code}"`);
  });

  it('answers bad input with 400 and a message the form can show', async () => {
    const app = await ctx.build();
    const cases: [string, unknown, string][] = [
      ['createUser', { roleId: 0 }, 'Email is required'],
      ['createUser', { email: 'nope', roleId: 0 }, 'Please enter a valid email address'],
      ['login', { email, roleId: 5 }, 'Please choose Applicant or Referrer'],
      ['verifyOtp', { email, otp: '12a4', roleId: 0 }, 'Please enter a valid OTP'],
      ['verifyOtp', { email, otp: '12345', roleId: 0 }, 'Please enter a valid OTP'],
    ];
    for (const [route, payload, message] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/auth/${route}`,
        payload: payload as object,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    }
  });
});
