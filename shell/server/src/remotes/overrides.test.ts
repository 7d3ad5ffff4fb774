// The one override mechanism (overrides.ts): what the cookie may hold, and when a development entry counts.
import {
  OVERRIDE_COOKIE,
  devEntry,
  devOrigins,
  devOverridesAllowed,
  overrideCookie,
  overridesFromCookie,
  type Overrides,
} from './overrides';

/** The Cookie header a browser sends back for a Set-Cookie value. */
const sentBack = (setCookie: string) => setCookie.split(';')[0]!;

it('allows development entries only when asked for and never in production', () => {
  expect(devOverridesAllowed({})).toBe(false);
  expect(devOverridesAllowed({ DEV_REMOTE_OVERRIDES: 'true' })).toBe(true);
  expect(devOverridesAllowed({ DEV_REMOTE_OVERRIDES: 'true', NODE_ENV: 'production' })).toBe(false);
});

it('keeps versions and, in development, loopback entries, in one HttpOnly SameSite=Strict cookie', () => {
  const overrides: Overrides = new Map([
    ['mfe-referrer', { entry: 'http://localhost:3003/mf-manifest.json' }],
    ['mfe-chat', { version: '0.0.9+cccccccccc' }],
  ]);
  const cookie = overrideCookie(overrides, { secure: true });
  expect(cookie).toMatch(
    new RegExp(
      `^${OVERRIDE_COOKIE}=[^;]+; Path=/; Max-Age=86400; SameSite=Strict; HttpOnly; Secure$`,
    ),
  );
  expect(overridesFromCookie(`other=1; ${sentBack(cookie)}`, { dev: true })).toEqual(overrides);
  // Without development entries allowed, only the version counts.
  expect(overridesFromCookie(sentBack(cookie), { dev: false })).toEqual(
    new Map([['mfe-chat', { version: '0.0.9+cccccccccc' }]]),
  );
  expect(devOrigins(overrides)).toEqual(['http://localhost:3003']);
  expect(overrideCookie(new Map(), { secure: false })).toBe(
    `${OVERRIDE_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict; HttpOnly`,
  );
});

it('refuses entries off this machine or not http(s), names that are not apps, and a cookie that does not parse', () => {
  expect(devEntry('https://evil.example/mf-manifest.json')).toBeNull();
  expect(devEntry('javascript:alert(1)')).toBeNull();
  expect(devEntry('http://127.0.0.1:5003/mf-manifest.json')).toBe(
    'http://127.0.0.1:5003/mf-manifest.json',
  );
  const forged = (value: unknown) =>
    `${OVERRIDE_COOKIE}=${encodeURIComponent(JSON.stringify(value))}`;
  const dev = { dev: true };
  expect(
    overridesFromCookie(forged({ 'mfe-public': 'https://evil.example/x.json' }), dev).size,
  ).toBe(0);
  expect(overridesFromCookie(forged({ 'mfe-public': '../../etc' }), dev).size).toBe(0);
  expect(overridesFromCookie(forged({ '../x': '0.1.0' }), dev).size).toBe(0);
  expect(overridesFromCookie(forged(['mfe-public']), dev).size).toBe(0);
  expect(overridesFromCookie(`${OVERRIDE_COOKIE}=%7Bnot-json`, dev).size).toBe(0);
});
