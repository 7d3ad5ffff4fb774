import { getAllCompanyRequest } from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const company: FastifyPluginAsyncZod = async (app) => {
  /** Companies by name (A→Z), optionally filtered by a name search (`app.companies.page`). */
  app.post(
    '/company/getAllCompany',
    { config: { auth: 'public' }, schema: { body: getAllCompanyRequest } },
    async (request) => {
      const { search, start, limit } = request.body;
      const { data, total } = await app.companies.page({ search, start, limit });
      return { success: true, data, total, start, limit };
    },
  );
};

export default company;
