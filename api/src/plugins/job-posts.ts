import fp from 'fastify-plugin';
import { JobPostRepository } from '../services/jobPosts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Job posts' repository: the one job list query (search, filters, bounded totals), reads and writes. */
    jobPosts: JobPostRepository;
  }
}

/** Decorates the app with `jobPosts` over the app's database. */
export default fp(
  async (app) => {
    app.decorate(
      'jobPosts',
      new JobPostRepository(
        app.db,
        app.config.SEARCH_TOTAL_BOUND,
        app.config.JOB_LIST_RESPONSIVENESS,
        app.database.searchDb,
        app.config.SEARCH_ENGINE,
      ),
    );
  },
  { name: 'job-posts', dependencies: ['config', 'db'] },
);
