// Cookies of a request (the shell's server has no cookie plugin).

/** The cookies of a Cookie header, by name (the first of a name wins; a malformed value is ignored). */
export function cookiesOf(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of String(header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    if (out.has(name)) continue;
    try {
      out.set(name, decodeURIComponent(part.slice(i + 1).trim()));
    } catch {
      // a malformed value: ignored
    }
  }
  return out;
}

export interface CookieOptions {
  maxAge?: number;
  sameSite: 'Lax' | 'Strict';
  secure: boolean;
}

/** A Set-Cookie value: HttpOnly, for the whole site. */
export function setCookie(name: string, value: string, o: CookieOptions): string {
  const age = o.maxAge === undefined ? '' : `; Max-Age=${o.maxAge}`;
  return `${name}=${value}; Path=/${age}; SameSite=${o.sameSite}; HttpOnly${o.secure ? '; Secure' : ''}`;
}
