import fp from 'fastify-plugin';
import { JobAlertRepository } from '../services/job-alerts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Job alerts: people's saved searches, their matching sweep and e-mails (src/services/job-alerts.ts). */
    jobAlerts: JobAlertRepository;
  }
}

/** Decorates the app with `jobAlerts` over the app's database. */
export default fp(
  async (app) => {
    app.decorate(
      'jobAlerts',
      new JobAlertRepository(
        app.db,
        () => app.now(),
        { secret: app.serverSecret, publicUrl: app.config.SITE_URL },
        (search) => app.jobPosts.searchText(search),
      ),
    );
  },
  { name: 'job-alerts', dependencies: ['config', 'db', 'secret', 'job-posts'] },
);
