import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type KeyLike } from 'jose';
import { sessionCookie, setupTestContext } from './helper';

const ctx = setupTestContext();
const CLIENT_ID = 'referio-test.apps.googleusercontent.com';

let server: http.Server;
let jwksUrl: string;
let privateKey: KeyLike;
let strangerKey: KeyLike;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = {
    ...(await exportJWK(pair.publicKey)),
    kid: 'test-key',
    alg: 'RS256',
    use: 'sig',
  };
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

interface TokenOptions {
  email?: string;
  emailVerified?: boolean;
  audience?: string;
  issuer?: string;
  key?: KeyLike;
  expiresIn?: string;
}

function googleToken(o: TokenOptions = {}) {
  return new SignJWT({
    email: o.email ?? 'ravi@example.com',
    email_verified: o.emailVerified ?? true,
    name: 'Ravi Kumar',
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(o.issuer ?? 'https://accounts.google.com')
    .setAudience(o.audience ?? CLIENT_ID)
    .setSubject('1234567890')
    .setIssuedAt()
    .setExpirationTime(o.expiresIn ?? '1h')
    .sign(o.key ?? privateKey);
}

const build = () => ctx.build({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwksUrl });

describe('Google sign-in', () => {
  it('offers the client id through /auth/config, or null when not configured', async () => {
    const configured = await build();
    expect((await configured.inject({ method: 'GET', url: '/api/auth/config' })).json()).toEqual({
      success: true,
      data: { googleClientId: CLIENT_ID },
    });
    const plain = await ctx.build();
    expect(
      (await plain.inject({ method: 'GET', url: '/api/auth/config' })).json().data.googleClientId,
    ).toBeNull();
  });

  it('signs in with a valid Google ID token, creating the account with the Google name', async () => {
    const app = await build();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/oAuth',
      payload: { credential: await googleToken(), roleId: '0' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      email: 'ravi@example.com',
      fullName: 'Ravi Kumar',
      authMode: 'candidate',
    });
    const cookie = sessionCookie(res);
    expect(cookie?.httpOnly).toBe(true);
    expect(res.body).not.toContain(cookie?.value);
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `referio_sid=${cookie?.value}` },
    });
    expect(me.json().data.email).toBe('ravi@example.com');
  });

  it('takes the e-mail from the verified token, not from the body', async () => {
    const app = await build();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/oAuth',
      payload: { credential: await googleToken(), email: 'someone.else@example.com' },
    });
    expect(res.json().data.email).toBe('ravi@example.com');
  });

  it.each<[string, () => TokenOptions]>([
    ['another audience', () => ({ audience: 'someone-else.apps.googleusercontent.com' })],
    ['another issuer', () => ({ issuer: 'https://evil.example.com' })],
    ['a key Google does not publish', () => ({ key: strangerKey })],
    ['an expired token', () => ({ expiresIn: '-1m' })],
  ])('refuses a token with %s', async (_label, options) => {
    const app = await build();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/oAuth',
      payload: { credential: await googleToken(options()) },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      message: 'Google sign-in failed. Please try again.',
    });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('refuses a Google account whose e-mail is not verified', async () => {
    const app = await build();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/oAuth',
      payload: { credential: await googleToken({ emailVerified: false }) },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 when Google sign-in is not configured', async () => {
    const app = await ctx.build({ GOOGLE_JWKS_URL: jwksUrl });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/oAuth',
      payload: { credential: await googleToken() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Google sign-in is not configured' });
  });

  it('answers 400 without a credential', async () => {
    const app = await build();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/oAuth',
      payload: { email: 'ravi@example.com' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Google credential is required');
  });
});
