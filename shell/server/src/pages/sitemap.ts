// robots.txt and the sitemap (docs/seo.md): the pages, the companies and every active job with its lastmod, in one
// file while they fit the protocol's 50,000 URLs; past that a sitemap index of /sitemap-pages.xml and the jobs in
// files of 50,000 (/sitemap-jobs.xml?after=<the last id of the file before>). The pages are what each remote's
// server module lists (`sitemap()`), run in the render pool.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { positiveNumber } from '../env';
import { escapeHtml } from '../html';
import type { RemoteEntry } from '../remotes/remotes';
import type { RenderPool } from '../render/render-pool';
import type { ApiJson } from './api';
import type { RemoteModules } from './remote-modules';

/** The most URLs one sitemap file may list (the protocol's limit); `SITEMAP_MAX_URLS` lowers it for tests. */
const SITEMAP_MAX_URLS = Math.min(50_000, positiveNumber(process.env.SITEMAP_MAX_URLS, 50_000));

export interface SitemapDeps {
  siteUrl: string;
  pool: RenderPool | null;
  modules: RemoteModules;
  apiJson: ApiJson;
  remotesFor(req: FastifyRequest): Promise<RemoteEntry[]>;
}

interface Entry {
  loc: string;
  lastmod?: string;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const sendXml = (reply: FastifyReply, body: string) =>
  reply.header('Cache-Control', 'public, max-age=600').type('application/xml').send(body);

export class Sitemap {
  constructor(private readonly d: SitemapDeps) {}

  urlset(entries: Entry[]): string {
    const url = ({ loc, lastmod }: Entry) =>
      `<url><loc>${escapeHtml(`${this.d.siteUrl}${loc}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
    return xml(`<urlset ${NS}>\n${entries.map(url).join('\n')}\n</urlset>`);
  }

  index(children: string[]): string {
    const item = (c: string) =>
      `<sitemap><loc>${escapeHtml(`${this.d.siteUrl}${c}`)}</loc></sitemap>`;
    return xml(`<sitemapindex ${NS}>\n${children.map(item).join('\n')}\n</sitemapindex>`);
  }

  /** The public pages and one page per company, as each remote's server module lists them. */
  async pagePaths(req: FastifyRequest): Promise<Entry[]> {
    const paths = new Set<string>();
    const remotes = await this.d.remotesFor(req).catch(() => []); // no readable remotes.json: no pages
    for (const remote of remotes) {
      try {
        const { module } = await this.d.modules.of(remote);
        if (!module || !this.d.pool) continue;
        for (const p of (await this.d.pool.run({ kind: 'sitemap', remote: module })).paths)
          paths.add(p);
      } catch (err) {
        console.warn(
          `[pages] sitemap: ${remote.name} left out (${(err as Error)?.message ?? err})`,
        );
      }
    }
    return [...paths].map((loc) => ({ loc }));
  }

  /** A page of active jobs (keyset: the ids after `after`), each with its last write. */
  async jobEntries(after: string | null, limit: number): Promise<Entry[]> {
    const q = new URLSearchParams({ limit: String(limit) });
    if (after) q.set('after', after);
    const page = await this.d.apiJson<{ data: { _id: string; lastmod: string }[] }>(
      `/jobPost/sitemap?${q}`,
    );
    return (page?.data ?? []).map((j) => ({ loc: `/job-details/${j._id}`, lastmod: j.lastmod }));
  }

  /** How many active jobs there are, and the `after` of each file of them. */
  async jobFiles(): Promise<{ total: number; afters: (string | null)[] }> {
    try {
      const files = await this.d.apiJson<{ total: number; afters: (string | null)[] }>(
        `/jobPost/sitemap/pages?size=${SITEMAP_MAX_URLS}`,
      );
      return files ?? { total: 0, afters: [] };
    } catch (err) {
      console.warn(`[pages] sitemap: jobs left out (${(err as Error)?.message ?? err})`);
      return { total: 0, afters: [] };
    }
  }

  /** /sitemap.xml: one file while everything fits, else the index of the files. */
  async root(req: FastifyRequest): Promise<string> {
    const pages = await this.pagePaths(req);
    const jobs = await this.jobFiles();
    if (pages.length + jobs.total <= SITEMAP_MAX_URLS) {
      const entries = jobs.total ? await this.jobEntries(null, SITEMAP_MAX_URLS) : [];
      return this.urlset([...pages, ...entries]);
    }
    const files = jobs.afters.map((a) => `/sitemap-jobs.xml${a ? `?after=${a}` : ''}`);
    return this.index(['/sitemap-pages.xml', ...files]);
  }
}

const ROBOTS = (siteUrl: string) =>
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /api/',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');

export function registerSitemap(server: FastifyInstance, d: SitemapDeps): void {
  const sitemap = new Sitemap(d);
  server.get('/robots.txt', async (_req, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/plain').send(ROBOTS(d.siteUrl)),
  );
  server.get('/sitemap.xml', async (req, reply) => sendXml(reply, await sitemap.root(req)));
  server.get('/sitemap-pages.xml', async (req, reply) =>
    sendXml(reply, sitemap.urlset(await sitemap.pagePaths(req))),
  );
  server.get<{ Querystring: { after?: string } }>('/sitemap-jobs.xml', async (req, reply) => {
    const after = req.query?.after;
    if (after !== undefined && !/^[0-9a-f-]{36}$/i.test(String(after)))
      return reply.code(400).type('text/plain').send('after must be a job id');
    return sendXml(
      reply,
      sitemap.urlset(await sitemap.jobEntries(after ?? null, SITEMAP_MAX_URLS)),
    );
  });
}
