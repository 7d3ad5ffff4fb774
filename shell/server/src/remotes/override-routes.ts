// The routes that set a visitor's overrides (overrides.ts):
// - GET /release-override, the override page: each remote's live release and canary (with its share), what this
//   browser gets and why, and the kept releases it may choose; those the deploy guard refuses next to what is live
//   are listed with the guard's reason, not offered (and a POST of one is refused);
// - POST /release-override, its form's target, accepted only from this site's own pages: `Sec-Fetch-Site:
//   same-origin` when the browser sends it, and an `Origin` equal to the site's (SITE_URL) or the host the request
//   addressed;
// - GET /__dev/remote?name=mfe_referrer&entry=http://localhost:3003/mf-manifest.json (development only: sets a
//   development entry; without `entry` clears it), then back to /.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { remoteApps, type App, type AppPointer, type Pointer } from '@referio/release';
import { escapeHtml } from '../html';
import { bucketOf, type VisitorRequest } from './buckets';
import { devEntry, overrideCookie, versionOverride, type Overrides } from './overrides';
import { releaseChoice, type Choice, type Remotes } from './remotes';

export interface OverrideRoutesOptions {
  remotes: Remotes;
  siteUrl: string;
  secure: boolean;
  /** Development entries allowed: /__dev/remote exists. */
  dev: boolean;
}

type Form = Record<string, string | undefined>;

/** What the override page shows of one remote. */
interface AppView {
  app: App;
  /** Kept releases, oldest first. */
  versions: string[];
  pointer: AppPointer | undefined;
  /** What this browser gets, and why. */
  choice: Choice | null;
  /** Releases the deploy guard refuses, with its reasons. */
  refusals: Map<string, string[]>;
}

const WHY: Record<Choice['why'], (p: AppPointer | undefined) => string> = {
  override: () => 'your override',
  canary: (p) => `canary: this browser is among its ${p?.canary?.percent ?? 0} %`,
  live: (p) => (p?.canary ? 'live: this browser is not in the canary' : 'live'),
};

/** Who gets what: the live release, and the canary with its share. */
function whoGetsWhat(p: AppPointer | undefined): string {
  if (!p) return 'Live: none.';
  const live = escapeHtml(p.live);
  if (!p.canary) return `Live: ${live}, for everyone.`;
  const canary = escapeHtml(p.canary.version);
  return `Live: ${live}, for everyone outside the canary. Canary: ${canary}, for ${p.canary.percent} % of visitors.`;
}

/** What this browser gets, and a warning when it is a release the guard refuses. */
function thisBrowserGets({ choice, pointer, refusals }: AppView): string {
  if (!choice) return '<p>This browser gets: <strong>nothing (no release is live)</strong></p>';
  const gets = `<p>This browser gets: <strong>${escapeHtml(choice.version)} (${escapeHtml(WHY[choice.why](pointer))})</strong></p>`;
  const refused = refusals.get(choice.version);
  if (!refused) return gets;
  return `${gets}<p role="alert"><strong>Refused by the deploy guard:</strong> ${escapeHtml(refused.join('; '))}. Its pages may fail to load in this browser${choice.why === 'override' ? ': clear the override' : ''}.</p>`;
}

/** The releases the guard refuses, with its reasons: listed, not offered. */
function refusedList(refusals: Map<string, string[]>): string {
  if (!refusals.size) return '';
  const items = [...refusals]
    .reverse()
    .map(([v, why]) => `<li><strong>${escapeHtml(v)}</strong>: ${escapeHtml(why.join('; '))}</li>`);
  return `<p>Refused by the deploy guard next to what is live (not offered):</p><ul>${items.join('')}</ul>`;
}

/** One remote's form on the override page. */
function appForm(view: AppView): string {
  const { app, versions, pointer, choice, refusals } = view;
  const mine = choice?.why === 'override' ? choice.version : undefined;
  const label = (v: string) =>
    v === pointer?.live ? ' (live)' : v === pointer?.canary?.version ? ' (canary)' : '';
  const options = [...versions]
    .reverse()
    .filter((v) => !refusals.has(v))
    .map(
      (v) =>
        `<option value="${escapeHtml(v)}"${v === mine ? ' selected' : ''}>${escapeHtml(v)}${label(v)}</option>`,
    )
    .join('');
  return (
    `<form method="post" action="/release-override"><fieldset><legend>${escapeHtml(app.dir)}</legend>` +
    `<p>${whoGetsWhat(pointer)}</p>${thisBrowserGets(view)}` +
    `<input type="hidden" name="app" value="${escapeHtml(app.dir)}">` +
    `<label>Release <select name="version">${options}</select></label> ` +
    `<button type="submit" name="action" value="set">Use this release</button> ` +
    `<button type="submit" name="action" value="clear">Clear</button>${refusedList(refusals)}</fieldset></form>`
  );
}

/** The override page: a form per remote. */
async function overridePage(remotes: Remotes, req: VisitorRequest): Promise<string> {
  const pointer: Pointer = await remotes.pointer();
  const overrides = remotes.overridesOf(req);
  const bucket = bucketOf(req);
  const forms: string[] = [];
  for (const app of remoteApps) {
    const kept = await remotes.versionsOf(app.dir);
    const p = pointer.apps[app.dir];
    const choice = releaseChoice(p, bucket, versionOverride(overrides, app.dir), kept);
    const refusals = await remotes.refusalsOf(app.dir);
    forms.push(appForm({ app, versions: [...kept], pointer: p, choice, refusals }));
  }
  const clearAll = overrides.size
    ? '<form method="post" action="/release-override"><button type="submit" name="action" value="clear-all">Clear every override</button></form>'
    : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Release override — Referio</title></head><body><main><h1>Release override</h1>` +
    `<p>Load a kept release of a remote in this browser only (a cookie). Other browsers get the live release, or the canary if they are among its share of visitors.</p>` +
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
  const refused = (await remotes.refusalsOf(app.dir)).get(version);
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
      .send(await overridePage(o.remotes, req)),
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
