import {
  errorResponses,
  sitemapJobsAnswer,
  sitemapJobsRequest,
  sitemapPagesAnswer,
  sitemapPagesRequest,
} from '../../contract';
import type { RouteApp } from '../route-app';

/** The sitemap's jobs, page by page. */
export function sitemapRoutes(app: RouteApp): void {
  /** The sitemap's jobs: a page of active posts in id order after `after` (keyset), with their last write. */
  app.get(
    '/jobPost/sitemap',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['jobs'],
        summary: "A page of the sitemap's active jobs (keyset by id)",
        querystring: sitemapJobsRequest,
        response: { 200: sitemapJobsAnswer, ...errorResponses(400) },
      },
    },
    async (request) => {
      const rows = await app.jobPosts.sitemapPage(request.query.after ?? null, request.query.limit);
      return {
        success: true,
        data: rows.map((r) => ({ _id: r.id, lastmod: r.lastmod.toISOString() })),
      };
    },
  );

  /** How the sitemap's jobs split into pages of `size`: their number and each page's `after`. */
  app.get(
    '/jobPost/sitemap/pages',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['jobs'],
        summary: "The sitemap's job pages: the active jobs' number and where each page starts",
        querystring: sitemapPagesRequest,
        response: { 200: sitemapPagesAnswer, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { total, afters } = await app.jobPosts.sitemapPages(request.query.size);
      return { success: true, total, afters };
    },
  );
}
