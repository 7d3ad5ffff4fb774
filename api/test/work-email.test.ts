import { isSharedMailDomain, workEmailProblem } from '../src/lib/work-email';
import { latestCode, SECOND, setupTestContext, signIn } from './helper';

const ctx = setupTestContext();
const workEmail = 'asha.rao@nimbus-labs.co.in';

describe('work e-mail verification', () => {
  it('mails a code to the work address and, once verified, marks the user and records the history', async () => {
    const app = await ctx.build();
    const { cookie, user } = await signIn(app, 'asha@example.com', 1);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/auth/workEmailVerify',
      headers: { cookie },
      payload: { workEmail, id: user._id },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true, message: 'OTP sent to your work email' });

    const otp = await latestCode(app, workEmail);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/workEmailVerifyOtp',
      headers: { cookie },
      payload: { id: user._id, workEmail, otp },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Work email verified successfully',
      user: { _id: user._id, workEmailAdded: true },
    });

    const profile = await app.inject({
      method: 'GET',
      url: `/api/auth/GetByIdReferer/${user._id}/1`,
      headers: { cookie },
    });
    expect(profile.json().data.workEmailHistory).toEqual([
      {
        _id: expect.any(String),
        email: workEmail,
        companyName: 'Nimbus Labs',
        startDate: '2025-03-10',
      },
    ]);
  });

  it('accepts the alternative field names some screens send (email, userId)', async () => {
    const app = await ctx.build();
    const { cookie, user } = await signIn(app, 'b@example.com', 1);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/auth/workEmailVerify',
      headers: { cookie },
      payload: { email: 'b@quartz.example', userId: user._id },
    });
    expect(sent.statusCode).toBe(200);
    const otp = await latestCode(app, 'b@quartz.example');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/workEmailVerifyOtp',
      headers: { cookie },
      payload: { email: 'b@quartz.example', userId: user._id, otp },
    });
    expect(res.json().user.workEmailAdded).toBe(true);
  });

  it.each(['x@gmail.com', 'x@yahoo.com', 'x@outlook.com', 'x@hotmail.com'])(
    'refuses the personal address %s',
    async (address) => {
      const app = await ctx.build();
      const { cookie } = await signIn(app, 'c@example.com', 1);
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/workEmailVerify',
        headers: { cookie },
        payload: { workEmail: address },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: 'Please use your company email address, not a personal one.',
      });
    },
  );

  it('answers a wrong code with the OTP rules and leaves the user unverified', async () => {
    const app = await ctx.build();
    const { cookie } = await signIn(app, 'd@example.com', 1);
    await app.inject({
      method: 'POST',
      url: '/api/auth/workEmailVerify',
      headers: { cookie },
      payload: { workEmail },
    });
    const otp = await latestCode(app, workEmail);
    const wrong = String((Number(otp) + 5) % 10_000).padStart(4, '0');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/workEmailVerifyOtp',
      headers: { cookie },
      payload: { workEmail, otp: wrong },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid OTP. Please try again.');
    ctx.clock.advance(11 * 60 * SECOND);
    const late = await app.inject({
      method: 'POST',
      url: '/api/auth/workEmailVerifyOtp',
      headers: { cookie },
      payload: { workEmail, otp },
    });
    expect(late.json().message).toBe('OTP has expired. Please request a new one.');
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json().data.workEmailAdded).toBe(false);
  });

  it("cannot use another user's work-email code", async () => {
    const app = await ctx.build();
    const owner = await signIn(app, 'e@example.com', 1);
    const thief = await signIn(app, 'f@example.com', 1);
    await app.inject({
      method: 'POST',
      url: '/api/auth/workEmailVerify',
      headers: { cookie: owner.cookie },
      payload: { workEmail },
    });
    const otp = await latestCode(app, workEmail);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/workEmailVerifyOtp',
      headers: { cookie: thief.cookie },
      payload: { workEmail, otp },
    });
    expect(res.statusCode).toBe(400);
    const stolenId = await app.inject({
      method: 'POST',
      url: '/api/auth/workEmailVerifyOtp',
      headers: { cookie: thief.cookie },
      payload: { workEmail, otp, id: owner.user._id },
    });
    expect(stolenId.statusCode).toBe(403);
  });

  it('requires sign-in and a valid address', async () => {
    const app = await ctx.build();
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/auth/workEmailVerify',
      payload: { workEmail },
    });
    expect(anonymous.statusCode).toBe(401);
    const { cookie } = await signIn(app, 'g@example.com', 1);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/auth/workEmailVerify',
      headers: { cookie },
      payload: { workEmail: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid work email');
    const badOtp = await app.inject({
      method: 'POST',
      url: '/api/auth/workEmailVerifyOtp',
      headers: { cookie },
      payload: { workEmail, otp: '1' },
    });
    expect(badOtp.json().message).toBe('Please enter a valid OTP');
  });
});

/**
 * Hosts where anyone can get an address: free and personal providers, disposable and forwarding
 * services, shared tenants and public-suffix private domains. The first six were once accepted.
 */
const OPEN_MAIL_HOSTS = [
  ...['tempmail.com', 'proton.ch', 'zohomail.in', 'anonaddy.me', 'github.io', 'herokuapp.com'],
  ...['gmail.com', 'googlemail.com', 'yahoo.com', 'yahoo.co.in', 'outlook.com', 'hotmail.com'],
  ...['live.com', 'msn.com', 'icloud.com', 'me.com', 'aol.com', 'proton.me', 'protonmail.com'],
  ...['protonmail.ch', 'tutanota.com', 'tuta.io', 'gmx.com', 'gmx.de', 'mail.com', 'yandex.com'],
  ...['zoho.com', 'zohomail.com', 'fastmail.com', 'hushmail.com', 'mailfence.com', 'mail.ru'],
  ...['rediffmail.com', 'mailinator.com', 'guerrillamail.com', '10minutemail.com', 'yopmail.com'],
  ...['temp-mail.org', 'sharklasers.com', 'trashmail.com', 'simplelogin.com', 'duck.com'],
  ...['anonaddy.com', 'addy.io', 'googlegroups.com', 'contoso.onmicrosoft.com', 'blogspot.com'],
  ...['netlify.app', 'vercel.app', 'pages.dev', 'web.app', 'firebaseapp.com', 'azurewebsites.net'],
];

/** Companies' own domains, among them names a mail provider also uses elsewhere (orange, virgin). */
const COMPANY_DOMAINS = [
  ...['google.com', 'microsoft.com', 'apple.com', 'amazon.com', 'tcs.com', 'infosys.com'],
  ...['wipro.com', 'flipkart.com', 'swiggy.in', 'zomato.com', 'razorpay.com', 'zohocorp.com'],
  ...['orange.com', 'virgin.com', 'post.ch', 'spotify.com', 'github.com', 'myntra.com'],
  ...['nimbus-labs.co.in', 'acme.co.uk', 'eng.acme.com.au', 'hdfcbank.com', 'gs.com'],
];

describe('hosts where anyone can get mail', () => {
  it(`accepts none of ${OPEN_MAIL_HOSTS.length} such hosts as work e-mail, nor their subdomains`, () => {
    expect(OPEN_MAIL_HOSTS).toHaveLength(53);
    const accepted = OPEN_MAIL_HOSTS.filter((h) => workEmailProblem(`someone@${h}`) === null);
    expect(accepted).toEqual([]);
    const sub = ['acme.github.io', 'acme.herokuapp.com', 'mail.proton.ch', 'x.tempmail.com'];
    expect(sub.filter((h) => workEmailProblem(`someone@${h}`) === null)).toEqual([]);
    // Nor does any become a company's domain.
    expect(OPEN_MAIL_HOSTS.filter((h) => !isSharedMailDomain(h))).toEqual([]);
  });

  it("still accepts companies' own domains, also where a provider uses the same name elsewhere", () => {
    const refused = COMPANY_DOMAINS.filter((d) => workEmailProblem(`someone@${d}`) !== null);
    expect(refused).toEqual([]);
    expect(COMPANY_DOMAINS.filter(isSharedMailDomain)).toEqual([]);
  });

  it('refuses a public-suffix private domain at POST /auth/workEmailVerify with the message the UI shows', async () => {
    const app = await ctx.build();
    const { cookie, user } = await signIn(app, 'h@example.com', 1);
    for (const workEmail of ['me@acme.github.io', 'me@proton.ch']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/workEmailVerify',
        headers: { cookie },
        payload: { workEmail, id: user._id },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Please use your company email address, not a /);
    }
  });
});
