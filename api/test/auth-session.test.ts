import { latestCode, SECOND, sessionCookie, setupTestContext, signIn, getMe } from './helper';
import { startSmtpCapture } from './smtp-support';

const ctx = setupTestContext();
const DAY = 24 * 60 * 60 * SECOND;

describe('sessions', () => {
  it('sets an httpOnly, SameSite=Lax session cookie for the whole site, valid 30 days', async () => {
    const app = await ctx.build();
    await app.inject({
      method: 'POST',
      url: '/api/auth/createUser',
      payload: { email: 'a@example.com', roleId: 0 },
    });
    const mail = (await app.inject({ method: 'GET', url: '/api/dev/mail?to=a@example.com' })).json()
      .data[0];
    const otp = mail.text.match(/\d{4}/)[0];
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/verifyOtp',
      payload: { email: 'a@example.com', otp, roleId: 0 },
    });
    const cookie = sessionCookie(res);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: 30 * 24 * 60 * 60,
    });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('marks the cookie Secure in production and when COOKIE_SECURE is set', async () => {
    // Production has no dev mailbox and needs SMTP_URL: the code is read from a local SMTP server.
    const smtp = await startSmtpCapture();
    try {
      for (const overrides of [{ NODE_ENV: 'production' as const }, { COOKIE_SECURE: true }]) {
        const app = await ctx.build({ ...overrides, SMTP_URL: smtp.url });
        await app.inject({
          method: 'POST',
          url: '/api/auth/createUser',
          payload: { email: 'b@example.com', roleId: 0 },
        });
        const otp = smtp.lastCode('b@example.com') ?? '';
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/verifyOtp',
          payload: { email: 'b@example.com', otp, roleId: 0 },
        });
        expect(res.statusCode).toBe(200);
        expect(sessionCookie(res)?.secure).toBe(true);
        // Its pooled SMTP connection ends with it (the server's close waits for open connections).
        await app.close();
        ctx.clock.advance(31 * SECOND);
      }
    } finally {
      await smtp.close();
    }
  });

  it('never puts the session token in a JSON answer', async () => {
    const app = await ctx.build();
    const { cookie, token, user } = await signIn(app, 'c@example.com');
    const answers = await Promise.all([
      getMe(app, cookie),
      app.inject({
        method: 'PUT',
        url: `/api/auth/updateRole/${user._id}`,
        headers: { cookie },
        payload: { role: 1 },
      }),
      app.inject({
        method: 'GET',
        url: `/api/auth/GetByIdUser/${user._id}/0`,
        headers: { cookie },
      }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(token);
      expect(res.body).not.toMatch(/token/i);
    }
    const rows = await app.db.query.sessions.findMany();
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers /auth/me with the user while signed in, and 401 without a cookie', async () => {
    const app = await ctx.build();
    const { cookie } = await signIn(app, 'd@example.com');
    const me = await getMe(app, cookie);
    expect(me.json()).toMatchObject({
      success: true,
      data: { email: 'd@example.com', authMode: 'candidate' },
    });

    const anonymous = await app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, message: 'Please sign in to continue.' });

    const forged = await getMe(app, 'referio_sid=forged');
    expect(forged.statusCode).toBe(401);
  });

  it('ends the session on logout', async () => {
    const app = await ctx.build();
    const { cookie } = await signIn(app, 'e@example.com');
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: 'Logged out successfully' });
    expect(sessionCookie(out)?.value).toBe('');
    const me = await getMe(app, cookie);
    expect(me.statusCode).toBe(401);
  });

  it('expires after 30 days without use, and slides while in use', async () => {
    const app = await ctx.build();
    const { cookie } = await signIn(app, 'f@example.com');
    ctx.clock.advance(20 * DAY);
    const used = await getMe(app, cookie);
    expect(used.statusCode).toBe(200);
    expect(sessionCookie(used)?.maxAge).toBe(30 * 24 * 60 * 60);
    ctx.clock.advance(20 * DAY);
    expect((await getMe(app, cookie)).statusCode).toBe(200);
    ctx.clock.advance(31 * DAY);
    expect((await getMe(app, cookie)).statusCode).toBe(401);
  });
});

describe('roles and profiles', () => {
  it('switches the active role on your own account and answers the session with that mode first', async () => {
    const app = await ctx.build();
    const { cookie, user } = await signIn(app, 'g@example.com');
    const res = await app.inject({
      method: 'PUT',
      url: `/api/auth/updateRole/${user._id}`,
      headers: { cookie },
      payload: { role: '1', workEmail: 'g@nimbus.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ authMode: 'referrer', roleId: [1, 0] });
    expect(res.json().data.roles.map((r: { roleName: string }) => r.roleName)).toEqual([
      'referer',
      'user',
    ]);
    const back = await app.inject({
      method: 'PUT',
      url: `/api/auth/updateRole/${user._id}`,
      headers: { cookie },
      payload: { role: 0 },
    });
    expect(back.json().data.authMode).toBe('candidate');
  });

  it("refuses to change someone else's role", async () => {
    const app = await ctx.build();
    const other = await signIn(app, 'h@example.com');
    const me = await signIn(app, 'i@example.com');
    const res = await app.inject({
      method: 'PUT',
      url: `/api/auth/updateRole/${other.user._id}`,
      headers: { cookie: me.cookie },
      payload: { role: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: 'You can only change your own role.' });
    const theirs = await getMe(app, other.cookie);
    expect(theirs.json().data.authMode).toBe('candidate');
  });

  it('requires sign-in and a valid body to change a role', async () => {
    const app = await ctx.build();
    const { cookie, user } = await signIn(app, 'j@example.com');
    const anonymous = await app.inject({
      method: 'PUT',
      url: `/api/auth/updateRole/${user._id}`,
      payload: { role: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await app.inject({
      method: 'PUT',
      url: `/api/auth/updateRole/${user._id}`,
      headers: { cookie },
      payload: { role: 3 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please choose Applicant or Referrer');
    const badId = await app.inject({
      method: 'PUT',
      url: '/api/auth/updateRole/not-a-uuid',
      headers: { cookie },
      payload: { role: 1 },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('Invalid id');
  });

  it('shows your own profile and refuses anyone else’s', async () => {
    const app = await ctx.build();
    const me = await signIn(app, 'k@example.com');
    const other = await signIn(app, 'l@example.com');
    const own = await app.inject({
      method: 'GET',
      url: `/api/auth/GetByIdUser/${me.user._id}/0`,
      headers: { cookie: me.cookie },
    });
    expect(own.json()).toMatchObject({
      success: true,
      data: {
        _id: me.user._id,
        email: 'k@example.com',
        fullName: '',
        skills: [],
        resumeLink: null,
        profileLink: null,
      },
    });
    const referrerView = await app.inject({
      method: 'GET',
      url: `/api/auth/GetByIdReferer/${me.user._id}/1`,
      headers: { cookie: me.cookie },
    });
    expect(referrerView.json().data.workEmailHistory).toEqual([]);
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/auth/GetByIdUser/${other.user._id}/0`,
      headers: { cookie: me.cookie },
    });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe('You can only view your own profile.');
  });

  it('updates only the profile fields that were sent', async () => {
    const app = await ctx.build();
    const { cookie, user } = await signIn(app, 'm@example.com');
    const url = `/api/auth/updateById/${user._id}`;
    const first = await app.inject({
      method: 'PUT',
      url,
      headers: { cookie },
      payload: {
        userId: user._id,
        roleId: '0',
        updatedData: {
          fullName: 'Meera Nair',
          homeAddress: 'Kochi',
          mobileNo: '9876543210',
          dateOfBirth: '1994-05-02',
          email: 'm@example.com',
          position: 'QA Engineer',
          overAllExperience: 4,
          skills: ['Playwright', 'Java'],
        },
      },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      message: 'Profile updated successfully!',
      data: {
        fullName: 'Meera Nair',
        mobileNo: '9876543210',
        dateOfBirth: '1994-05-02',
        overAllExperience: 4,
      },
    });
    const second = await app.inject({
      method: 'PUT',
      url,
      headers: { cookie },
      payload: { updatedData: { email: 'm@example.com', summary: 'Tester' } },
    });
    expect(second.json().data).toMatchObject({
      fullName: 'Meera Nair',
      homeAddress: 'Kochi',
      summary: 'Tester',
      skills: ['Playwright', 'Java'],
    });
    const me = await getMe(app, cookie);
    expect(me.json().data).toMatchObject({ fullName: 'Meera Nair', displayName: 'Meera Nair' });
  });

  it('answers invalid profile data with the message the form shows', async () => {
    const app = await ctx.build();
    const { cookie, user } = await signIn(app, 'n@example.com');
    const put = (updatedData: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/auth/updateById/${user._id}`,
        headers: { cookie },
        payload: { updatedData },
      });
    const cases: [object, string][] = [
      [{ email: '' }, 'Email is required'],
      [{ email: 'nope' }, 'Please enter a valid email address'],
      [{ email: 'n@example.com', mobileNo: '98765x' }, 'Mobile number must contain digits only'],
      [
        { email: 'n@example.com', mobileNo: '98765432101' },
        'Mobile number must be at most 10 digits',
      ],
      [
        { email: 'n@example.com', dateOfBirth: '2999-01-01' },
        'Date of birth cannot be later than today',
      ],
      [
        { email: 'n@example.com', summary: 'x'.repeat(1001) },
        'Summary must be at most 1000 characters',
      ],
    ];
    for (const [data, message] of cases) {
      const res = await put(data);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    }
    const missing = await app.inject({
      method: 'PUT',
      url: `/api/auth/updateById/${user._id}`,
      headers: { cookie },
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
  });

  it("refuses to update someone else's profile or to take their e-mail, even with a code", async () => {
    const app = await ctx.build();
    const me = await signIn(app, 'o@example.com');
    const other = await signIn(app, 'p@example.com');
    const theirs = await app.inject({
      method: 'PUT',
      url: `/api/auth/updateById/${other.user._id}`,
      headers: { cookie: me.cookie },
      payload: { updatedData: { email: 'p@example.com', fullName: 'Hijacked' } },
    });
    expect(theirs.statusCode).toBe(403);
    ctx.clock.advance(31 * SECOND);
    const taken = await app.inject({
      method: 'PUT',
      url: `/api/auth/updateById/${me.user._id}`,
      headers: { cookie: me.cookie },
      payload: { updatedData: { email: 'P@example.com' } },
    });
    // Asking answers as for any address (no account enumeration); the e-mail does not change.
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data.email).toBe('o@example.com');
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/auth/confirmEmailChange',
      headers: { cookie: me.cookie },
      payload: { email: 'p@example.com', otp: await latestCode(app, 'p@example.com') },
    });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toBe('This email is already used by another account.');
  });
});
