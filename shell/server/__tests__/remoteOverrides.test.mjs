import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  OVERRIDE_COOKIE,
  applyOverrides,
  cookieWith,
  overrideEntry,
  overridesAllowed,
  overridesFromCookie,
} from '../remoteOverrides.mjs';

const remotes = [
  { name: 'mfe_public', entry: 'https://cdn.example/public/mf-manifest.json' },
  { name: 'mfe_referrer', entry: 'https://cdn.example/referrer/mf-manifest.json' },
];

it('is allowed only when asked for and never in production', () => {
  assert.equal(overridesAllowed({}), false);
  assert.equal(overridesAllowed({ DEV_REMOTE_OVERRIDES: 'true' }), true);
  assert.equal(overridesAllowed({ DEV_REMOTE_OVERRIDES: 'true', NODE_ENV: 'production' }), false);
});

it('points only the listed remote at a loopback entry, for the browser holding the cookie', () => {
  const cookie = `other=1; ${OVERRIDE_COOKIE}=${cookieWith({}, 'mfe_referrer', 'http://localhost:3003/mf-manifest.json')}`;
  const overrides = overridesFromCookie(cookie);
  assert.deepEqual(applyOverrides(remotes, overrides), [
    remotes[0],
    { name: 'mfe_referrer', entry: 'http://localhost:3003/mf-manifest.json' },
  ]);
  assert.deepEqual(applyOverrides(remotes, overridesFromCookie('other=1')), remotes);
  assert.deepEqual(
    overridesFromCookie(`${OVERRIDE_COOKIE}=${cookieWith(overrides, 'mfe_referrer', null)}`),
    {},
  );
});

it('refuses entries off this machine or not http(s), and a cookie that does not parse', () => {
  assert.equal(overrideEntry('https://evil.example/mf-manifest.json'), null);
  assert.equal(overrideEntry('javascript:alert(1)'), null);
  assert.equal(
    overrideEntry('http://127.0.0.1:5003/mf-manifest.json'),
    'http://127.0.0.1:5003/mf-manifest.json',
  );
  const forged = `${OVERRIDE_COOKIE}=${encodeURIComponent(JSON.stringify({ mfe_public: 'https://evil.example/x.json' }))}`;
  assert.deepEqual(overridesFromCookie(forged), {});
  assert.deepEqual(overridesFromCookie(`${OVERRIDE_COOKIE}=%7Bnot-json`), {});
});
