// The shell server's HTML: every page the browser asks for (page.ts), robots.txt and the sitemap (sitemap.ts) and
// the jobs' share images (share-images.ts). How a page's HTML is made (docs/performance.md):
// - the shell's server render (shell-render.ts) matches the URL with the shell's route table and renders the
//   shell's chrome around the page;
// - the page itself comes from the remote that owns it, through its server module (remote-modules.ts);
// - the renders run in a pool of worker threads (render/render-pool.ts), never on this server's event loop: a
//   remote's server code that spins, crashes or eats memory costs its own page (rendered in the browser instead)
//   and a worker, never the /api proxy or the other pages;
// - a page of a release whose server render keeps failing is quarantined (render/quarantine.ts): rendered in the
//   browser at once, reported in a log line and in the release history (`onQuarantine`);
// - index.html becomes the page (document.ts).
// Which release of each remote a visitor gets is `remotesFor(req)`'s answer (remotes/remotes.ts). Everything here
// is HTML; the CSP and the other headers are added by security.ts.
import os from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordQuarantine, remoteApps, type Store } from '@referio/release';
import type { RemoteEntry } from '../remotes/remotes';
import { apiReader } from './api';
import { DocumentMaker } from './document';
import { answerPage, isFormPostToPage, isPageRequest } from './page';
import { RemoteModules } from './remote-modules';
import { QUARANTINE_WINDOW_MS, RenderQuarantine, type QuarantineEvent } from '../render/quarantine';
import { registerShareImages } from './share-images';
import { loadShellRender } from './shell-render';
import { registerSitemap } from './sitemap';

export interface PagesOptions {
  /** The shell's build: index.html and its server render. */
  dist: string;
  remotesFor(req: FastifyRequest): Promise<RemoteEntry[]>;
  apiUrl: string;
  siteUrl: string;
  /** Told when a page of a release is quarantined or lifted, after the log line (the release history). */
  onQuarantine?: (event: QuarantineEvent) => Promise<void>;
}

/** A quarantine's log line: one JSON line on stdout, whatever LOG_REQUESTS says (operators must see it). */
export function quarantineLogLine(e: QuarantineEvent): string {
  const { kind, at, probeAt, ...rest } = e;
  const line = {
    time: new Date(at).toISOString(),
    app: 'shell',
    event: `render.${kind}`,
    ...rest,
    ...(probeAt ? { probeAt: new Date(probeAt).toISOString() } : {}),
  };
  return `${JSON.stringify(line)}\n`;
}

/** Who records a quarantine in the history: this server. */
const SERVER_NAME = `shell server ${os.hostname()} (pid ${process.pid})`;

/** The release history's record of a quarantine or its lifting (a failed probe is only logged). */
export function quarantineHistory(store: Store): (e: QuarantineEvent) => Promise<void> {
  return async (e) => {
    const app = remoteApps.find((a) => a.name === e.remote);
    if (!app || e.kind === 'probe-failed') return;
    const minutes = Math.round(QUARANTINE_WINDOW_MS / 60_000);
    const probe = e.probeAt ? new Date(e.probeAt).toISOString() : '';
    const note =
      e.kind === 'quarantined'
        ? `${e.failures} failed server renders within ${minutes} min (last: ${e.reason}); rendered in the browser, a probe render after ${probe}`
        : 'a probe render succeeded';
    const action = e.kind === 'quarantined' ? 'quarantine' : 'lift';
    const { version, page } = e;
    await recordQuarantine(store, { app: app.dir, version, page, action, note, by: SERVER_NAME });
  };
}

/** The pages' quarantine: each change a log line, then `onQuarantine` (the release history). */
export function quarantineOf(
  o: Pick<PagesOptions, 'onQuarantine'> & { now?: () => number } = {},
): RenderQuarantine {
  return new RenderQuarantine({
    now: o.now,
    report: (event) => {
      process.stdout.write(quarantineLogLine(event));
      o.onQuarantine?.(event).catch((err: unknown) =>
        console.warn(
          `[pages] the quarantine could not be recorded in the release history: ${(err as Error)?.message ?? err}`,
        ),
      );
    },
  });
}

export async function registerPages(server: FastifyInstance, o: PagesOptions): Promise<void> {
  const render = loadShellRender(o.dist, o.apiUrl);
  if (render) server.addHook('onClose', async () => render.pool.close());
  const pool = render?.pool ?? null;
  const modules = new RemoteModules();
  const documents = new DocumentMaker({
    dist: o.dist,
    siteUrl: o.siteUrl,
    islandsPreloads: render?.islandsPreloads ?? null,
  });
  const quarantine = quarantineOf(o);
  const deps = {
    render,
    documents,
    modules,
    remotesFor: o.remotesFor,
    siteUrl: o.siteUrl,
    quarantine,
  };
  server.setNotFoundHandler(async (req, reply) => {
    if (isPageRequest(req)) return answerPage(deps, req, reply);
    if (isFormPostToPage(req)) return reply.redirect(req.url, 303);
    return reply.code(404).type('text/plain').send('Not found');
  });
  server.get('/', (req, reply) => answerPage(deps, req, reply));
  const apiJson = apiReader(o.apiUrl);
  registerSitemap(server, { siteUrl: o.siteUrl, pool, modules, apiJson, remotesFor: o.remotesFor });
  registerShareImages(server, { pool, apiJson });
}
