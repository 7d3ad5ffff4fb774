// A visitor's own choice of a remote's release, for this browser only: the one override mechanism
// (docs/releases.md, docs/teams.md). The `referio_override` cookie maps a remote's app (`mfe-referrer`) to what
// this browser loads instead of what everyone gets:
// - a kept release's version (`0.0.9+cccccccccc`), set and cleared only by a same-origin POST from the
//   /release-override page (override-routes.ts); a version the store does not keep is ignored (remotes.ts);
// - in development only (DEV_REMOTE_OVERRIDES=true, never with NODE_ENV=production), an http(s) entry on this
//   machine (`http://localhost:3003/mf-manifest.json`), set by GET /__dev/remote; the page's Content-Security-Policy
//   then allows its origin and its dev server's WebSocket (hot updates).
// Anything else in the cookie is ignored, so no link can make a visitor load an arbitrary URL or someone else's
// choice. The cookie is HttpOnly and SameSite=Strict, kept a day.
import { APP_NAME } from '@referio/release';
import { cookiesOf, setCookie } from '../cookies';
import { isOn } from '../env';

export const OVERRIDE_COOKIE = 'referio_override';

export type Override = { version: string } | { entry: string };
/** A visitor's overrides, by app folder name. */
export type Overrides = Map<string, Override>;

const VERSION = /^[0-9A-Za-z.+-]{1,100}$/;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether development entries may be used here: asked for, and not in production. */
export function devOverridesAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return isOn(env.DEV_REMOTE_OVERRIDES) && env.NODE_ENV !== 'production';
}

/** A safe development entry (an http(s) URL on this machine), or null. */
export function devEntry(raw: unknown): string | null {
  try {
    const url = new URL(String(raw));
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK.has(url.hostname)
      ? url.href
      : null;
  } catch {
    return null;
  }
}

/** One override as the cookie holds it: a version, or (when `dev`) a safe development entry. */
function parseOverride(value: unknown, dev: boolean): Override | null {
  if (typeof value !== 'string') return null;
  if (VERSION.test(value)) return { version: value };
  const entry = dev ? devEntry(value) : null;
  return entry ? { entry } : null;
}

/** The overrides a Cookie header carries (syntax checked; whether a version is kept is the store's to say). */
export function overridesFromCookie(
  header: string | undefined,
  { dev }: { dev: boolean },
): Overrides {
  const out: Overrides = new Map();
  const raw = cookiesOf(header).get(OVERRIDE_COOKIE);
  if (!raw) return out;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return out;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return out;
  for (const [app, value] of Object.entries(parsed)) {
    const override = APP_NAME.test(app) ? parseOverride(value, dev) : null;
    if (override) out.set(app, override);
  }
  return out;
}

/** The Set-Cookie value that keeps `overrides` (or clears the cookie when there are none). */
export function overrideCookie(overrides: Overrides, { secure }: { secure: boolean }): string {
  if (overrides.size === 0)
    return setCookie(OVERRIDE_COOKIE, '', { maxAge: 0, sameSite: 'Strict', secure });
  const value = Object.fromEntries(
    [...overrides].map(([app, o]) => [app, 'version' in o ? o.version : o.entry]),
  );
  return setCookie(OVERRIDE_COOKIE, encodeURIComponent(JSON.stringify(value)), {
    maxAge: 86400,
    sameSite: 'Strict',
    secure,
  });
}

/** The version a visitor chose for an app, if any. */
export const versionOverride = (overrides: Overrides, app: string): string | undefined => {
  const o = overrides.get(app);
  return o && 'version' in o ? o.version : undefined;
};

/** The development entry a visitor chose for an app, if any. */
export const entryOverride = (overrides: Overrides, app: string): string | undefined => {
  const o = overrides.get(app);
  return o && 'entry' in o ? o.entry : undefined;
};

/** The origins of the development entries (the page's Content-Security-Policy opens them). */
export const devOrigins = (overrides: Overrides): string[] =>
  [...overrides.values()].flatMap((o) => ('entry' in o ? [new URL(o.entry).origin] : []));
