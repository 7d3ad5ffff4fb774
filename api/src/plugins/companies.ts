import fp from 'fastify-plugin';
import { CompanyRepository } from '../services/companies';

declare module 'fastify' {
  interface FastifyInstance {
    /** Companies' repository: the company list, their e-mail domains, who is verified at which. */
    companies: CompanyRepository;
  }
}

/**
 * Decorates the app with `companies` over the app's database; at start-up fills in the registrable
 * domain of work addresses verified before it was stored, the name keys of older companies, and drops
 * shared mail hosts as company or current work domains (idempotent, any number of instances).
 */
export default fp(
  async (app) => {
    const repository = new CompanyRepository(app.db);
    app.decorate('companies', repository);
    app.addHook('onReady', async () => {
      const filled = await repository.backfillAddressDomains();
      if (filled > 0) app.log.info({ filled }, 'work e-mail domains filled in');
      const keyed = await repository.backfillNameKeys();
      if (keyed > 0) app.log.info({ keyed }, 'company name keys filled in');
      const dropped = await repository.dropSharedMailDomains();
      if (dropped > 0) app.log.info({ dropped }, 'shared mail host domains dropped');
    });
  },
  { name: 'companies', dependencies: ['config', 'db'] },
);
