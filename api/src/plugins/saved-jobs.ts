import fp from 'fastify-plugin';
import { SavedJobRepository } from '../services/saved-jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Candidates' saved jobs. */
    savedJobs: SavedJobRepository;
  }
}

/** Decorates the app with `savedJobs` over the app's database. */
export default fp(
  async (app) => {
    app.decorate('savedJobs', new SavedJobRepository(app.db, () => app.now()));
  },
  { name: 'saved-jobs', dependencies: ['config', 'db'] },
);
