// The routes that set a visitor's overrides (overrides.ts):
// - GET /release-override, the override page: each remote's kept releases, live and the visitor's choice;
// - POST /release-override, its form's target, accepted only from this site's own pages: `Sec-Fetch-Site:
//   same-origin` when the browser sends it, and an `Origin` equal to the site's (SITE_URL) or the host the request
//   addressed;
// - GET /__dev/remote?name=mfe_referrer&entry=http://localhost:3003/mf-manifest.json (development only: sets a
//   development entry; without `entry` clears it), then back to /.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { remoteApps, type App, type Pointer } from '@referio/release';
import { escapeHtml } from '../html';
import { devEntry, overrideCookie, versionOverride, type Overrides } from './overrides';
import type { Remotes } from './remotes';

export interface OverrideRoutesOptions {
  remotes: Remotes;
  siteUrl: string;
  secure: boolean;
  /** Development entries allowed: /__dev/remote exists. */
  dev: boolean;
}

type Form = Record<string, string | undefined>;

/** One remote's form on the override page. */
function appForm(
  app: App,
  versions: string[],
  live: string | undefined,
  mine: string | undefined,
): string {
  const options = [...versions]
    .reverse()
    .map(
      (v) =>
        `<option value="${escapeHtml(v)}"${v === mine ? ' selected' : ''}>${escapeHtml(v)}${v === live ? ' (live)' : ''}</option>`,
    )
    .join('');
  const youGet = mine && versions.includes(mine) ? `${mine} (override)` : 'what everyone gets';
  return (
    `<form method="post" action="/release-override"><fieldset><legend>${escapeHtml(app.dir)}</legend>` +
    `<p>Live: ${escapeHtml(live ?? 'none')}. You get: <strong>${escapeHtml(youGet)}</strong></p>` +
    `<input type="hidden" name="app" value="${escapeHtml(app.dir)}">` +
    `<label>Release <select name="version">${options}</select></label> ` +
    `<button type="submit" name="action" value="set">Use this release</button> ` +
    `<button type="submit" name="action" value="clear">Clear</button></fieldset></form>`
  );
}

/** The override page: a form per remote. */
async function overridePage(remotes: Remotes, overrides: Overrides): Promise<string> {
  const pointer: Pointer = await remotes.pointer();
  const forms: string[] = [];
  for (const app of remoteApps) {
    const versions = [...(await remotes.versionsOf(app.dir))];
    forms.push(
      appForm(app, versions, pointer.apps[app.dir]?.live, versionOverride(overrides, app.dir)),
    );
  }
  const clearAll = overrides.size
    ? '<form method="post" action="/release-override"><button type="submit" name="action" value="clear-all">Clear every override</button></form>'
    : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Release override — Referio</title></head><body><main><h1>Release override</h1>` +
    `<p>Load a kept release of a remote in this browser only (a cookie). Everyone else keeps the live release.</p>` +
    `${clearAll}${forms.join('')}<p><a href="/">Back to Referio</a></p></main></body></html>`
  );
}

/** Whether a POST comes from this site's own pages. */
function fromOwnPage(req: FastifyRequest, siteUrl: string): boolean {
  const fetchSite = req.headers['sec-fetch-site'];
  const origin = req.headers.origin;
  const own = new Set([siteUrl, `${req.protocol}://${req.headers.host}`]);
  return !(fetchSite && fetchSite !== 'same-origin') && !!origin && own.has(origin);
}

/** The overrides after the form's action, or the message of a 400. */
async function applyForm(
  remotes: Remotes,
  overrides: Overrides,
  body: Form,
): Promise<string | null> {
  if (body.action === 'clear-all') {
    overrides.clear();
    return null;
  }
  const app = remoteApps.find((a) => a.dir === body.app);
  if (!app) return 'Unknown app.';
  if (body.action === 'clear') {
    overrides.delete(app.dir);
    return null;
  }
  const version = String(body.version ?? '');
  if (!(await remotes.versionsOf(app.dir)).has(version))
    return `${app.dir} has no release ${version} in the store.`;
  overrides.set(app.dir, { version });
  return null;
}

function registerReleaseOverride(server: FastifyInstance, o: OverrideRoutesOptions): void {
  server.get('/release-override', async (req, reply) =>
    reply
      .header('Cache-Control', 'no-store')
      .type('text/html')
      .send(await overridePage(o.remotes, o.remotes.overridesOf(req))),
  );
  server.post('/release-override', async (req, reply) => {
    if (!fromOwnPage(req, o.siteUrl)) {
      return reply
        .code(403)
        .type('text/plain')
        .send("An override can only be set from this site's own /release-override page.");
    }
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Form;
    const overrides = o.remotes.overridesOf(req);
    const refused = await applyForm(o.remotes, overrides, body);
    if (refused) return reply.code(400).type('text/plain').send(refused);
    reply.header('Set-Cookie', overrideCookie(overrides, { secure: o.secure }));
    return reply.redirect('/release-override', 303);
  });
}

/** GET /__dev/remote: a development entry for a remote this visitor's remotes list names. */
async function devRemote(o: OverrideRoutesOptions, req: FastifyRequest, reply: FastifyReply) {
  const { name, entry } = (req.query ?? {}) as Form;
  const listed = (await o.remotes.remotesFor(req)).some((r) => r.name === name);
  const app = remoteApps.find((a) => a.name === name);
  if (!listed || !app)
    return reply.code(400).send({ message: `remotes.json lists no remote "${name}".` });
  const safe = entry === undefined ? null : devEntry(entry);
  if (entry !== undefined && !safe)
    return reply.code(400).send({ message: 'entry must be an http(s) URL on this machine.' });
  const overrides = o.remotes.overridesOf(req);
  if (safe) overrides.set(app.dir, { entry: safe });
  else overrides.delete(app.dir);
  return reply
    .header('Set-Cookie', overrideCookie(overrides, { secure: o.secure }))
    .header('Cache-Control', 'no-store')
    .redirect('/');
}

export function registerOverrideRoutes(server: FastifyInstance, o: OverrideRoutesOptions): void {
  server.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  registerReleaseOverride(server, o);
  if (o.dev) server.get('/__dev/remote', (req, reply) => devRemote(o, req, reply));
}
