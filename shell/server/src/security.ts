// Security headers. Every answer: X-Content-Type-Options nosniff, Referrer-Policy. The shell's pages (text/html)
// also get a Content-Security-Policy built from the visitor's remotes on every request (each remote's origin may
// serve scripts, styles, fonts, images and manifests), with no 'unsafe-inline' for scripts; styles allow
// 'unsafe-inline' because `npm run dev`'s style-loader injects every stylesheet as a <style> tag (react-toastify's
// is a file: the site loads its unstyled build, shared/src/ui/toastify.ts). Google's sign-in script, its button
// frame and stylesheet (https://accounts.google.com/gsi/) are always allowed: the page decides at run time from
// /api/auth/config whether to load it, and allowing an origin that is never used costs nothing. Images may come
// from any https: origin (job posts carry company logo URLs). frame-ancestors 'none' (and X-Frame-Options DENY):
// no page may be framed. The first page's remotes are preconnected (Link).
import type { FastifyInstance } from 'fastify';
import { devOrigins } from './remotes/overrides';
import type { Remotes } from './remotes/remotes';

const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

/**
 * The shell pages' Content-Security-Policy for these remote origins; `devOrigins` (a developer's entries,
 * remotes/overrides.ts) may also open their dev server's WebSocket (hot updates).
 */
export function contentSecurityPolicy(origins: string[], devOrigins: string[] = []): string {
  const remotes = origins.join(' ');
  const sockets = devOrigins.map((o) => o.replace(/^http/, 'ws')).join(' ');
  const list = (...sources: string[]) => sources.filter(Boolean).join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", remotes, `${GOOGLE_GSI}client`)}`,
    `style-src ${list("'self'", "'unsafe-inline'", remotes, `${GOOGLE_GSI}style`)}`,
    `img-src ${list("'self'", 'data:', 'blob:', 'https:', remotes)}`,
    `font-src ${list("'self'", 'data:', remotes)}`,
    `connect-src ${list("'self'", remotes, sockets, GOOGLE_GSI)}`,
    `frame-src ${GOOGLE_GSI}`,
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** The first page's remotes are fetched from their own origins: open those connections while the shell loads. */
const preconnect = (origins: string[]): string =>
  origins
    .flatMap((o) => [`<${o}>; rel=preconnect`, `<${o}>; rel=preconnect; crossorigin`])
    .join(', ');

/** The headers of every answer; with `remotes` (the shell), a page's policy too. */
export function registerSecurityHeaders(server: FastifyInstance, remotes: Remotes | null): void {
  // A synchronous hook on purpose: an async onSend that awaited a file read here lost the body of about one HTML
  // answer in eight (empty 200s, blank pages). The page handler already chose this visitor's remotes.
  server.addHook('onSend', (req, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (!remotes || !type.startsWith('text/html')) return done(null, payload);
    let origins: string[] = [];
    try {
      origins = remotes.originsFor(req);
    } catch {
      // No readable remotes.json: the page cannot load remotes anyway; the policy still applies.
    }
    const policy = contentSecurityPolicy(origins, devOrigins(remotes.overridesOf(req)));
    reply.header('Content-Security-Policy', policy);
    reply.header('X-Frame-Options', 'DENY');
    // Scripts go without CORS, the manifest with it: a connection for each.
    if (origins.length) reply.header('Link', preconnect(origins));
    done(null, payload);
  });
}
