import {
  COMPANY_NOT_FOUND,
  companyListAnswer,
  companyPageAnswer,
  companyPageParams,
  errorResponses,
  getAllCompanyRequest,
} from '../../contract';
import { HttpError } from '../../lib/errors';
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

  /**
   * A company's public page: its name, open jobs and referrers, and their verified domains that are the
   * company's (confirmed, or only claimed: shown as the domain's own). Its jobs are the job list's `company`
   * filter. Anyone may read it (docs/decisions-public.md, "Company pages").
   */
  app.get(
    '/company/:companyId',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['site'],
        summary: "A company's public page: open jobs, referrers and their verified domains",
        params: companyPageParams,
        response: { 200: companyPageAnswer, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const data = await app.companies.publicPage(request.params.companyId);
      if (!data) throw new HttpError(404, COMPANY_NOT_FOUND);
      return { success: true, data };
    },
  );
};

export default company;
