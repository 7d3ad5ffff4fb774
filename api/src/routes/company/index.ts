import { companyListAnswer, errorResponses, getAllCompanyRequest } from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const company: FastifyPluginAsyncZod = async (app) => {
  /** Companies by name (A→Z), optionally filtered by a name search (`app.companies.page`). */
  app.post(
    '/company/getAllCompany',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['site'],
        summary: 'Companies by name (A→Z), with a name search',
        body: getAllCompanyRequest,
        response: { 200: companyListAnswer, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { search, start, limit } = request.body;
      const { data, total } = await app.companies.page({ search, start, limit });
      return { success: true, data, total, start, limit };
    },
  );
};

export default company;
