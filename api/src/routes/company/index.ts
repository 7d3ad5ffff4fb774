import {
  companyListAnswer,
  errorResponses,
  getAllCompanyRequest,
  type Company,
} from '../../contract';
import { asc, ilike, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companies, jobPosts } from '../../db/schema';

/** `%text%` for ILIKE with the user's %, _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const company: FastifyPluginAsyncZod = async (app) => {
  /** Companies by name (A→Z), optionally filtered by a name search served by the trigram index. */
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
      const where = search ? ilike(companies.name, containsPattern(search)) : undefined;
      // Qualified by hand: Drizzle writes a one-table query's columns bare, and inside the subquery a
      // bare "id" was job_posts.id (every count was 0). Served by job_posts_company_status_newest_idx.
      const activeJobs = sql<number>`(select count(*)::int from ${jobPosts} j where j.company_id = ${companies}.${sql.identifier('id')} and j.status = 'active')`;
      const [rows, totals] = await Promise.all([
        app.db
          .select({
            id: companies.id,
            name: companies.name,
            logo: companies.logo,
            industry: companies.industry,
            jobCount: activeJobs,
          })
          .from(companies)
          .where(where)
          .orderBy(asc(companies.name))
          .limit(limit)
          .offset(start),
        app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(companies)
          .where(where),
      ]);
      const data: Company[] = rows.map((r) => ({
        _id: r.id,
        companyName: r.name,
        logo: r.logo,
        industry: r.industry,
        jobCount: Number(r.jobCount),
      }));
      return { success: true, data, total: totals[0]?.n ?? 0, start, limit };
    },
  );
};

export default company;
