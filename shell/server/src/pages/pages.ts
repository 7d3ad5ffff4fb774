// The shell server's HTML: every page the browser asks for (page.ts), robots.txt and the sitemap (sitemap.ts) and
// the jobs' share images (share-images.ts). How a page's HTML is made (docs/performance.md):
// - the shell's server render (shell-render.ts) matches the URL with the shell's route table and renders the
//   shell's chrome around the page;
// - the page itself comes from the remote that owns it, through its server module (remote-modules.ts);
// - the renders run in a pool of worker threads (render/render-pool.ts), never on this server's event loop: a
//   remote's server code that spins, crashes or eats memory costs its own page (rendered in the browser instead)
//   and a worker, never the /api proxy or the other pages;
// - index.html becomes the page (document.ts).
// Which release of each remote a visitor gets is `remotesFor(req)`'s answer (remotes/remotes.ts). Everything here
// is HTML; the CSP and the other headers are added by security.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RemoteEntry } from '../remotes/remotes';
import { apiReader } from './api';
import { DocumentMaker } from './document';
import { answerPage, isPageRequest } from './page';
import { RemoteModules } from './remote-modules';
import { registerShareImages } from './share-images';
import { loadShellRender } from './shell-render';
import { registerSitemap } from './sitemap';

export interface PagesOptions {
  /** The shell's build: index.html and its server render. */
  dist: string;
  remotesFor(req: FastifyRequest): Promise<RemoteEntry[]>;
  apiUrl: string;
  siteUrl: string;
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
  const deps = { render, documents, modules, remotesFor: o.remotesFor, siteUrl: o.siteUrl };
  server.setNotFoundHandler(async (req, reply) =>
    isPageRequest(req)
      ? answerPage(deps, req, reply)
      : reply.code(404).type('text/plain').send('Not found'),
  );
  server.get('/', (req, reply) => answerPage(deps, req, reply));
  const apiJson = apiReader(o.apiUrl);
  registerSitemap(server, { siteUrl: o.siteUrl, pool, modules, apiJson, remotesFor: o.remotesFor });
  registerShareImages(server, { pool, apiJson });
}
