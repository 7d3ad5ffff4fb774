import { setupTestContext, testConfig } from './helper';
import { DEAD_SMTP_URL } from './smtp-support';
import { buildApp } from '../src/app';

const ctx = setupTestContext();

describe('POST /api/subscribe/createSubscribe', () => {
  it("answers an address already on the list exactly as a new one (the list is nobody's to read)", async () => {
    const app = await ctx.build();
    const first = await app.inject({
      method: 'POST',
      url: '/api/subscribe/createSubscribe',
      payload: { email: 'Fan@Example.com' },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ success: true, message: 'Thanks for subscribing!' });
    const again = await app.inject({
      method: 'POST',
      url: '/api/subscribe/createSubscribe',
      payload: { email: 'fan@example.com' },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ success: true, message: 'Thanks for subscribing!' });
    const rows = await app.db.query.subscriptions.findMany();
    expect(rows.map((r) => r.email)).toEqual(['fan@example.com']);
  });

  it('limits sign-ups per IP address and says when to retry', async () => {
    const app = await ctx.build({ SUBSCRIBE_IP_MAX: 3 });
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/subscribe/createSubscribe',
        payload: { email: `fan${i}@example.com` },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toMatch(/^Too many requests\./);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/subscribe/createSubscribe',
      remoteAddress: '203.0.113.7',
      payload: { email: 'fan9@example.com' },
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('refuses a missing or malformed address', async () => {
    const app = await ctx.build();
    const missing = await app.inject({
      method: 'POST',
      url: '/api/subscribe/createSubscribe',
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      success: false,
      message: 'Email is required',
      issues: [{ path: 'email', message: 'Email is required' }],
    });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/subscribe/createSubscribe',
      payload: { email: 'fan@' },
    });
    expect(bad.json().message).toBe('Please enter a valid email address');
  });
});

describe('GET /api/dev/mail', () => {
  it('lists the mail sent to an address, newest first', async () => {
    const app = await ctx.build();
    await app.inject({
      method: 'POST',
      url: '/api/auth/createUser',
      payload: { email: 'box@example.com', roleId: 0 },
    });
    ctx.clock.advance(31_000);
    await app.inject({
      method: 'POST',
      url: '/api/auth/createUser',
      payload: { email: 'box@example.com', roleId: 0 },
    });
    const res = await app.inject({ method: 'GET', url: '/api/dev/mail?to=BOX@example.com' });
    expect(res.statusCode).toBe(200);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data).toHaveLength(2);
    expect(Object.keys(data[0]).sort()).toEqual([
      'createdAt',
      'headers',
      'html',
      'subject',
      'text',
      'to',
    ]);
    expect(data[0].to).toBe('box@example.com');
    expect(Date.parse(data[0].createdAt)).toBeGreaterThan(Date.parse(data[1].createdAt));
    const other = await app.inject({ method: 'GET', url: '/api/dev/mail?to=nobody@example.com' });
    expect(other.json().data).toEqual([]);
  });

  it('asks for a valid address', async () => {
    const app = await ctx.build();
    const res = await app.inject({ method: 'GET', url: '/api/dev/mail' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Email is required');
  });

  it('does not exist in production', async () => {
    const app = await ctx.build({ NODE_ENV: 'production', SMTP_URL: DEAD_SMTP_URL });
    const res = await app.inject({ method: 'GET', url: '/api/dev/mail?to=box@example.com' });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/health', () => {
  it('answers ok once the database answers', async () => {
    const app = await ctx.build();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database does not answer', async () => {
    const app = await ctx.build();
    jest.spyOn(app.database, 'ping').mockRejectedValue(new Error('connection refused'));
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable' });
  });
});

describe('errors', () => {
  it('answers unknown routes with 404 JSON', async () => {
    const app = await ctx.build();
    const res = await app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Not found: GET /api/nothing/here' });
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const app = await ctx.build();
    const res = await app.inject({
      method: 'POST',
      url: '/api/subscribe/createSubscribe',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'The request body is not valid JSON.' });
  });

  it('answers a body that is not an object with 400', async () => {
    const app = await ctx.build();
    const res = await app.inject({
      method: 'POST',
      url: '/api/subscribe/createSubscribe',
      headers: { 'content-type': 'application/json' },
      payload: '"fan@example.com"',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body must be a JSON object.');
  });

  it('hides the details of unexpected failures behind a generic 500', async () => {
    const app = await buildApp(testConfig(), {
      database: ctx.database,
      now: ctx.clock.now,
      logger: false,
    });
    app.get('/api/explode', { config: { auth: 'public' } }, async () => {
      throw new Error('secret table users_private does not exist');
    });
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/api/explode' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      message: 'Something went wrong. Please try again.',
    });
    expect(res.body).not.toContain('users_private');
  });

  it('lets the site origin call with credentials, PUT included, and no other origin', async () => {
    const app = await ctx.build();
    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/api/auth/updateRole/x',
        headers: { origin, 'access-control-request-method': 'PUT' },
      });
    const site = await preflight('http://localhost:3000');
    expect(site.statusCode).toBe(204);
    expect(site.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(site.headers['access-control-allow-credentials']).toBe('true');
    expect(site.headers['access-control-allow-methods']).toContain('PUT');
    expect(
      (await preflight('https://elsewhere.example')).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });

  it('sends security headers', async () => {
    const app = await ctx.build();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
