import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobPageRoutes, recommendationRoutes } from './pages';
import { editPostRoutes, ownPostRoutes } from './own-posts';
import { searchCaches, searchRoutes } from './search';
import { sitemapRoutes } from './sitemap';

export { JOB_MESSAGES } from './messages';

/**
 * Job posts, by resource, in the order the API reference lists them: the search, a job's page, the sitemap,
 * recommendations, and a referrer's own posts (whose writes clear the search's caches).
 */
const jobPost: FastifyPluginAsyncZod = async (app) => {
  const caches = searchCaches(app);
  searchRoutes(app, caches);
  jobPageRoutes(app);
  sitemapRoutes(app);
  recommendationRoutes(app);
  ownPostRoutes(app, caches.searchChanged);
  editPostRoutes(app, caches.searchChanged);
};

export default jobPost;
