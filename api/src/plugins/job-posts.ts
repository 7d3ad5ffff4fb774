import fp from 'fastify-plugin';
import { JobPostRepository } from '../services/job-posts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Job posts' repository: the one job list query (search, filters, bounded totals), reads and writes. */
    jobPosts: JobPostRepository;
  }
}

/** Decorates the app with `jobPosts` over the app's database, its search postings checked. */
export default fp(
  async (app) => {
    const jobPosts = new JobPostRepository(
      app.db,
      app.config.SEARCH_TOTAL_BOUND,
      app.config.JOB_LIST_RESPONSIVENESS,
      app.database.searchDb,
    );
    // Postings left stale (a bulk load with the triggers off) would answer wrong pages: searches then
    // read job_posts itself, slower but right, until they are made again.
    if (!(await jobPosts.checkPostings()))
      app.log.error(
        'the search postings do not match job_posts: searches read job_posts until `SELECT referio_search_rebuild()`',
      );
    app.decorate('jobPosts', jobPosts);
  },
  { name: 'job-posts', dependencies: ['config', 'db'] },
);
