// Development only: point a running shell at a remote on a developer's machine, for this browser only.
// Enabled by DEV_REMOTE_OVERRIDES=true on the shell's server, and never with NODE_ENV=production.
//   GET /__dev/remote?name=mfe_referrer&entry=http://localhost:3003/mf-manifest.json   sets it (a cookie)
//   GET /__dev/remote?name=mfe_referrer                                                clears it
// The server then hands that browser remotes.json (inline and /remotes.json) with the entry replaced, and a
// Content-Security-Policy that allows the entry's origin (and its dev server's WebSocket, for hot updates).
// Only a remote the file lists can be overridden, only with an http(s) URL on a loopback host: an override can
// never send a visitor's browser to another site.
export const OVERRIDE_COOKIE = 'referio_remote_overrides';
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether overrides may be used here: asked for, and not in production. */
export function overridesAllowed(env = process.env) {
  return /^(true|1|yes|on)$/i.test(env.DEV_REMOTE_OVERRIDES ?? '') && env.NODE_ENV !== 'production';
}

/** A safe override entry (a loopback http(s) URL), or null. */
export function overrideEntry(raw) {
  try {
    const url = new URL(String(raw));
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK.has(url.hostname)
      ? url.href
      : null;
  } catch {
    return null;
  }
}

/** The overrides a Cookie header carries: { name: entry } (entries checked again). */
export function overridesFromCookie(cookieHeader) {
  const pair = String(cookieHeader ?? '')
    .split(';')
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${OVERRIDE_COOKIE}=`));
  if (!pair) return {};
  try {
    const parsed = JSON.parse(decodeURIComponent(pair.slice(OVERRIDE_COOKIE.length + 1)));
    return Object.fromEntries(
      Object.entries(parsed ?? {})
        .map(([name, entry]) => [name, overrideEntry(entry)])
        .filter(([, entry]) => entry),
    );
  } catch {
    return {};
  }
}

/** The cookie value for the overrides `current` with `name` set to `entry` (or removed when entry is null). */
export function cookieWith(current, name, entry) {
  const next = { ...current };
  if (entry) next[name] = entry;
  else delete next[name];
  return encodeURIComponent(JSON.stringify(next));
}

/** remotes.json's list with the overrides applied (only to the remotes it lists). */
export function applyOverrides(remotes, overrides) {
  return remotes.map((r) => (overrides[r.name] ? { ...r, entry: overrides[r.name] } : r));
}
