// The routes that set a visitor's overrides (overrides.ts):
// - GET /release-override, the override page (override-page.ts): the shell's and each remote's live release and
//   canary (with its share), what this browser gets and why, and the kept releases it may choose; those the deploy
//   guard refuses next to what this browser runs are listed with the guard's reason, not offered (and a POST of one
//   is refused). A shell override is served by the shell's site (rollover/site.ts), as its canary is;
// - POST /release-override, its form's target, accepted only from this site's own pages: `Sec-Fetch-Site:
//   same-origin` when the browser sends it, and an `Origin` equal to the site's (SITE_URL) or the host the request
//   addressed;
// - GET /__dev/remote?name=mfe_referrer&entry=http://localhost:3003/mf-manifest.json (development only: sets a
//   development entry; without `entry` clears it), then back to /.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apps, remoteApps } from '@referio/release';
import { keptPins, overridePage } from './override-page';
import { devEntry, overrideCookie, type Overrides } from './overrides';
import type { Remotes } from './remotes';

export interface OverrideRoutesOptions {
  remotes: Remotes;
  siteUrl: string;
  secure: boolean;
  /** Development entries allowed: /__dev/remote exists. */
  dev: boolean;
  /** The shell release this server is (null: its build). */
  shellRelease?: string | null;
}

type Form = Record<string, string | undefined>;

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
  const app = apps.find((a) => a.dir === body.app);
  if (!app) return 'Unknown app.';
  if (body.action === 'clear') {
    overrides.delete(app.dir);
    return null;
  }
  const version = String(body.version ?? '');
  if (!(await remotes.versionsOf(app.dir)).has(version))
    return `${app.dir} has no release ${version} in the store.`;
  const pins = await keptPins(remotes, overrides);
  const refused = (await remotes.refusalsOf(app.dir, pins)).get(version);
  if (refused)
    return `${app.dir} ${version} is refused by the deploy guard: ${refused.join('; ')}.`;
  overrides.set(app.dir, { version });
  return null;
}

function registerReleaseOverride(server: FastifyInstance, o: OverrideRoutesOptions): void {
  server.get('/release-override', async (req, reply) =>
    reply
      .header('Cache-Control', 'no-store')
      .type('text/html')
      .send(await overridePage(o.remotes, req, o.shellRelease ?? null)),
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
