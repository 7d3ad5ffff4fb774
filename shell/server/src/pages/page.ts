// A page's answer. The shell's route table (its server bundle) matches the URL; the remote that owns the page
// renders it through its server module, in the render pool. A page the remote does not render on the server, a
// signed-in visitor (the session cookie: their pages depend on what the browser stores) but on a page that is the
// same for everyone (the landing: its personal parts come with the app, started at once), the dashboard, a remote
// that does not answer, a render that fails or a page of a release whose server render is quarantined
// (render/quarantine.ts): the page as before (index.html with the copy of the visitor's remotes list), rendered in
// the browser. Unknown paths answer 404 with the not-found page.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RemoteEntry } from '../remotes/remotes';
import { acceptsHtml } from './accept';
import type { RenderQuarantine } from '../render/quarantine';
import type { PageHead, RemoteModule, RenderTask, TaskResults } from '../render/tasks';
import type { DocumentMaker, PageContent, Template } from './document';
import type { RemoteModules } from './remote-modules';
import type { PageMatch, ShellRender } from './shell-render';
import { pageStylesheets, type FederationManifest } from './stylesheets';

/** The session cookie the API sets: present means the browser holds a signed-in session. */
const SESSION_COOKIE = /(?:^|;\s*)referio_sid=/;

const NOT_FOUND_HEAD: PageHead = {
  title: 'Page not found — Referio',
  description: 'The page you are looking for does not exist or has moved.',
};

/** The site's own head when the shell has no server bundle (the bundle exports shared's DEFAULT_HEAD). */
const DEFAULT_HEAD: PageHead = {
  title: 'Referio — get referred to your next job',
  description:
    'Referio connects job seekers with employees who can refer them. Browse companies, request a referral with your resume and chat with your referrer.',
};

export interface PageDeps {
  render: ShellRender | null;
  documents: DocumentMaker;
  modules: Pick<RemoteModules, 'of'>;
  remotesFor(req: FastifyRequest): Promise<RemoteEntry[]>;
  siteUrl: string;
  quarantine: RenderQuarantine;
}

/** A page's HTML and status: sent with no-cache (the CSP and the other headers: security.ts). */
type Answer = { status: number; html: string };

type PageTask = Extract<RenderTask, { kind: 'page' }>;

/**
 * The page's render in the pool, told to the quarantine (render/quarantine.ts); null when the quarantine says
 * the page of this release renders in the browser now.
 */
async function renderUnlessQuarantined(
  d: PageDeps & { render: ShellRender },
  task: PageTask,
  manifest: FederationManifest,
  visitor: string,
): Promise<TaskResults['page'] | null> {
  const admission = d.quarantine.admit(renderKey(task.remote, manifest, task.expose), visitor);
  if (!admission) return null;
  try {
    const result = await d.render.pool.run(task);
    admission.succeeded();
    return result;
  } catch (err) {
    admission.failed(String((err as Error)?.message ?? err));
    throw err;
  }
}

/** A page of a remote's release, named by its version (the release's stamp in its manifest) and module. */
const renderKey = (module: RemoteModule, manifest: FederationManifest, page: string) => ({
  remote: module.name,
  version: manifest.metaData?.buildInfo?.buildVersion || module.url,
  moduleUrl: module.url,
  page,
});

/**
 * Who is visiting, as far as the quarantine needs to tell (render/quarantine.ts): their address and browser, hashed.
 * Behind a load balancer every address is its own, so the browser tells visitors apart; a wrong guess costs one
 * client render.
 */
const visitorOf = (req: FastifyRequest): string =>
  createHash('sha256')
    .update(`${req.ip} ${req.headers['user-agent'] ?? ''}`)
    .digest('base64url')
    .slice(0, 16);

/** The page rendered on the server, or null when it is to render in the browser; `visitor`: visitorOf. */
async function onServer(
  d: PageDeps & { render: ShellRender },
  match: PageMatch,
  url: URL,
  tpl: Template,
  visitor: string,
  signedIn: boolean,
): Promise<Answer | null> {
  const { pool, stylesheets } = d.render;
  const doc = (status: number, page: PageContent) =>
    d.documents.document(tpl, page).then((html) => ({ status, html }));
  if (match.kind === 'notFound') {
    const { rendered } = await pool.run({ kind: 'notFound', url: url.href });
    const css = stylesheets['not-found'] ?? [];
    return doc(404, { head: NOT_FOUND_HEAD, canonicalPath: url.pathname, rendered, css });
  }
  if (match.kind !== 'remote') return null;
  const remote = (tpl.remotes ?? []).find((r) => r.name === match.remote);
  if (!remote) return null;
  const { module, manifest, base } = await d.modules.of(remote);
  if (!module) return null;
  // The page's component, data and head come from the remote's module: all of it runs in the pool.
  const task = {
    kind: 'page',
    url: url.href,
    module: match.module,
    expose: match.expose,
    remote: module,
  } as const;
  const result = await renderUnlessQuarantined(d, task, manifest, visitor);
  if (!result) return null;
  const { rendered, head, islands } = result;
  if (!rendered || !head) return null;
  const exposed = manifest.exposes?.find((e) => e.path === match.expose);
  const css = pageStylesheets(manifest, exposed).map((f) => new URL(f, base).href);
  const canonicalPath = head.canonical ?? url.pathname;
  return doc(head.status ?? 200, {
    head,
    canonicalPath,
    rendered,
    css,
    islands,
    session: signedIn,
  });
}

export async function answerPage(d: PageDeps, req: FastifyRequest, reply: FastifyReply) {
  const url = new URL(req.url, d.siteUrl);
  const match: PageMatch = d.render ? d.render.bundle.matchPage(url.pathname) : { kind: 'browser' };
  const tpl = await d.documents.template(() => d.remotesFor(req));
  const send = ({ status, html }: Answer) =>
    reply.code(status).header('Cache-Control', 'no-cache').type('text/html').send(html);
  const inBrowser = async () => {
    const notFound = match.kind === 'notFound';
    const head = notFound ? NOT_FOUND_HEAD : (d.render?.bundle.defaultHead ?? DEFAULT_HEAD);
    const html = await d.documents.document(tpl, { head, canonicalPath: url.pathname });
    return send({ status: notFound ? 404 : 200, html });
  };
  const signedIn = SESSION_COOKIE.test(req.headers.cookie ?? '');
  const forEveryone = match.kind === 'remote' && match.forEveryone === true;
  if (!d.render || match.kind === 'browser' || (signedIn && !forEveryone)) return inBrowser();
  try {
    const onServerDeps = { ...d, render: d.render };
    const answer = await onServer(onServerDeps, match, url, tpl, visitorOf(req), signedIn);
    return answer ? send(answer) : inBrowser();
  } catch (err) {
    console.warn(
      `[pages] ${url.pathname}: rendered in the browser (${(err as Error)?.message ?? err})`,
    );
    return inBrowser();
  }
}

/**
 * A page's form sent without the app (scripts off or failed): sign-in and sign-up post theirs, so what was typed
 * never lands in an address bar or a log. The answer is the page again (303), the body unread.
 */
export function isFormPostToPage(req: FastifyRequest): boolean {
  const pathname = req.url.split('?')[0] ?? '';
  return (
    req.method === 'POST' &&
    !req.url.startsWith('/api/') &&
    !/\.[A-Za-z0-9]{1,8}$/.test(pathname) &&
    (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
  );
}

/**
 * Pages answer HTML to any client that takes it (acceptsHtml): browsers, curl, link-preview bots. A path with a
 * file extension is a missing file, not a page: a plain 404, with no render.
 */
export function isPageRequest(req: FastifyRequest): boolean {
  const pathname = req.url.split('?')[0] ?? '';
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    !req.url.startsWith('/api/') &&
    !/\.[A-Za-z0-9]{1,8}$/.test(pathname) &&
    acceptsHtml(req.headers.accept)
  );
}
