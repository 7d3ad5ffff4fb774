// The /release-override page (override-routes.ts): for the shell and each remote, who gets what (the live release,
// and the canary with its share), what this browser gets and why (live, its canary bucket, or its override), and the
// kept releases it may choose; those the deploy guard refuses next to what this browser runs are listed with the
// guard's reason, not offered.
import { appByDir, remoteApps, type App, type AppPointer, type Pointer } from '@referio/release';
import { escapeHtml } from '../html';
import { bucketOf, type VisitorRequest } from './buckets';
import { versionOverride, type Overrides } from './overrides';
import { releaseChoice, type Choice, type Pins, type Remotes } from './remotes';

/** What the override page shows of one app. */
interface AppView {
  app: App;
  /** Kept releases, oldest first. */
  versions: string[];
  pointer: AppPointer | undefined;
  /** What this browser gets, and why. */
  choice: Choice | null;
  /** Releases the deploy guard refuses, with its reasons. */
  refusals: Map<string, string[]>;
  /** Whether the refusals count this browser's overrides of other apps (in place of what is live). */
  pinned: boolean;
  /** The shell: the release that answered this page (null: its build). */
  served?: string | null;
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

/** The shell: a word when this page came from another release than the one this browser should get. */
function servedNote({ app, choice, served }: AppView): string {
  if (!app.host || served === undefined || !choice || served === choice.version) return '';
  const by = escapeHtml(served ?? 'build');
  return `<p role="alert">This page was answered by shell ${by}, not ${escapeHtml(choice.version)}: this server could not serve it.</p>`;
}

/** What this browser gets, and a warning when it is a release the guard refuses. */
function thisBrowserGets(view: AppView): string {
  const { choice, pointer, refusals } = view;
  if (!choice) return '<p>This browser gets: <strong>nothing (no release is live)</strong></p>';
  const gets = `<p>This browser gets: <strong>${escapeHtml(choice.version)} (${escapeHtml(WHY[choice.why](pointer))})</strong></p>${servedNote(view)}`;
  const refused = refusals.get(choice.version);
  if (!refused) return gets;
  return `${gets}<p role="alert"><strong>Refused by the deploy guard:</strong> ${escapeHtml(refused.join('; '))}. Its pages may fail to load in this browser${choice.why === 'override' ? ': clear the override' : ''}.</p>`;
}

/** The releases the guard refuses, with its reasons: listed, not offered. */
function refusedList({ refusals, pinned }: AppView): string {
  if (!refusals.size) return '';
  const items = [...refusals]
    .reverse()
    .map(([v, why]) => `<li><strong>${escapeHtml(v)}</strong>: ${escapeHtml(why.join('; '))}</li>`);
  const next = pinned ? "what is live and this browser's overrides" : 'what is live';
  return `<p>Refused by the deploy guard next to ${next} (not offered):</p><ul>${items.join('')}</ul>`;
}

/** One app's form on the override page. */
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
    `<button type="submit" name="action" value="clear">Clear</button>${refusedList(view)}</fieldset></form>`
  );
}

/** A visitor's overrides of kept releases (the guard checks against them): app -> version. */
export async function keptPins(remotes: Remotes, overrides: Overrides): Promise<Pins> {
  const pins: Pins = {};
  for (const app of overrides.keys()) {
    const version = versionOverride(overrides, app);
    if (version && (await remotes.versionsOf(app)).has(version)) pins[app] = version;
  }
  return pins;
}

/** The view of one app for this visitor. */
async function viewOf(
  remotes: Remotes,
  app: App,
  visitor: { pointer: Pointer; overrides: Overrides; bucket: number | null; pins: Pins },
): Promise<AppView> {
  const kept = await remotes.versionsOf(app.dir);
  const p = visitor.pointer.apps[app.dir];
  const wanted = versionOverride(visitor.overrides, app.dir);
  const choice = releaseChoice(p, visitor.bucket, wanted, kept);
  const refusals = await remotes.refusalsOf(app.dir, visitor.pins);
  const others = Object.keys(visitor.pins).filter((a) => a !== app.dir);
  const pinned = app.host ? others.length > 0 : others.includes('shell');
  return { app, versions: [...kept], pointer: p, choice, refusals, pinned };
}

/** The override page: a form for the shell (when it has kept releases) and for each remote. */
export async function overridePage(
  remotes: Remotes,
  req: VisitorRequest,
  served: string | null,
): Promise<string> {
  const pointer: Pointer = await remotes.pointer();
  const overrides = remotes.overridesOf(req);
  const visitor = {
    pointer,
    overrides,
    bucket: bucketOf(req),
    pins: await keptPins(remotes, overrides),
  };
  const forms: string[] = [];
  const shell = await viewOf(remotes, appByDir('shell'), visitor);
  if (shell.versions.length) forms.push(appForm({ ...shell, served }));
  for (const app of remoteApps) forms.push(appForm(await viewOf(remotes, app, visitor)));
  const clearAll = overrides.size
    ? '<form method="post" action="/release-override"><button type="submit" name="action" value="clear-all">Clear every override</button></form>'
    : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Release override — Referio</title></head><body><main><h1>Release override</h1>` +
    `<p>Load a kept release of the shell or of a remote in this browser only (a cookie). Other browsers get the live release, or the canary if they are among its share of visitors.</p>` +
    `${clearAll}${forms.join('')}<p><a href="/">Back to Referio</a></p></main></body></html>`
  );
}
