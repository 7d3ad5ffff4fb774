import {
  createJobPostRequest,
  getAllJobPostByUserIdRequest,
  getAllJobPostRequest,
  idSchema,
  SUGGESTED_JOB_COUNT,
  updateJobPostRequest,
  updateJobStatusRequest,
  type JobPost,
} from '../../contract';
import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companies, jobPosts, referralRequests, type JobPostRow } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { TtlCache } from '../../lib/ttl-cache';
import { assertSelf, currentUser, SESSION_COOKIE } from '../../plugins/auth';
import {
  activeJob,
  appliedAmongJobIds,
  companyIdFor,
  experienceBandOf,
  findJob,
  findJobDetailsWithSession,
  findJobRow,
  jobListColumns,
  jobSearchCondition,
  listJobs,
  toJobPost,
} from '../../services/jobPosts';

export const JOB_MESSAGES = {
  notFound: 'Job post not found',
  notOwner: 'You can only change your own job posts.',
  ownListOnly: 'You can only list your own job posts.',
  ownSuggestionsOnly: 'You can only see your own suggestions.',
  created: 'Job post created successfully',
  updated: 'Job post updated successfully',
  statusUpdated: 'Job status updated successfully',
} as const;

const idParams = z.object({ id: idSchema });
const detailParams = z.object({ jobId: idSchema, userId: z.string().max(100) });
const userIdParams = z.object({ userId: idSchema });

/** A cached search page (`isApplied` false throughout: it is everyone's). */
interface SearchPage {
  data: JobPost[];
  total: number;
  ids: string[];
  /** The whole answer for a caller who applied to none of these jobs, serialised on first use. */
  body: string | null;
}

const jobPost: FastifyPluginAsyncZod = async (app) => {
  /**
   * Public searches, per search text: counting every match of a common word, or gathering and sorting
   * the matches of a rarer one, costs far more than answering from memory, and a list a few seconds
   * old is fine for browsing. `isApplied` is always the caller's, read fresh. Job writes here clear
   * both caches; other instances' writes show within SEARCH_CACHE_SECONDS.
   */
  const ttlMs = app.config.SEARCH_CACHE_SECONDS * 1000;
  const clock = () => app.now().getTime();
  const searchTotals = new TtlCache<number>(ttlMs, 500, clock);
  const searchPages = new TtlCache<SearchPage>(ttlMs, 500, clock);
  const searchChanged = () => {
    searchTotals.clear();
    searchPages.clear();
  };

  /**
   * The session and which of a page's jobs its user already requested, in one round trip (the
   * search looks its session up itself: `sessionInHandler`).
   */
  const sessionWithApplied = app.sessions.finder('referio_session_applied_jobs', {
    applied: appliedAmongJobIds(),
  });

  /** Active job posts, newest first, searched by company, title and skills; `isApplied` for the caller. */
  app.post(
    '/jobPost/getAllJobPost',
    {
      config: { auth: 'optional', sessionInHandler: true },
      schema: { body: getAllJobPostRequest },
    },
    async (request, reply) => {
      const { search, start, limit } = request.body;
      const text = search.toLowerCase();
      const page = await searchPages.getOrCompute(`${start}:${limit}:${text}`, async () => {
        const { data, total } = await listJobs(app.db, {
          where: and(activeJob(), jobSearchCondition(search)),
          start,
          limit,
          viewerId: null,
          total: (count) => searchTotals.getOrCompute(text, count),
        });
        return { data, total, ids: data.map((j) => j._id), body: null };
      });
      const token = request.cookies[SESSION_COOKIE];
      const session = token ? await sessionWithApplied(token, { jobIds: page.ids }) : null;
      await app.useSession(request, reply, session);
      const applied = session?.applied ?? [];
      if (applied.length === 0) {
        // Nobody's isApplied is true on this page: the same answer for every caller, serialised once.
        page.body ??= JSON.stringify({
          success: true,
          data: page.data,
          total: page.total,
          start,
          limit,
        });
        return reply.type('application/json; charset=utf-8').send(page.body);
      }
      const mine = new Set(applied);
      const data = page.data.map((j) => ({ ...j, isApplied: mine.has(j._id) }));
      return { success: true, data, total: page.total, start, limit };
    },
  );

  /** One job post with its referrer (the `userId` path segment is the UI's; the session decides). */
  app.get(
    '/jobPost/GetById/:jobId/:userId',
    { config: { sessionInHandler: true }, schema: { params: detailParams } },
    async (request, reply) => {
      const found = await findJobDetailsWithSession(
        app.db,
        app.sessions.lookupParams(request.cookies[SESSION_COOKIE]),
        request.params.jobId,
      );
      await app.useSession(request, reply, found?.session ?? null);
      if (!found?.details) throw new HttpError(404, JOB_MESSAGES.notFound);
      return { success: true, data: found.details };
    },
  );

  /**
   * "Jobs You May Like": active jobs of others the candidate has not requested yet, ranked by skill
   * overlap, then experience band match, then newest (docs/decisions-candidate.md).
   */
  app.get(
    '/jobPost/getJobsByCandidate/:userId',
    { schema: { params: userIdParams } },
    async (request) => {
      const me = assertSelf(request, request.params.userId, JOB_MESSAGES.ownSuggestionsOnly);
      const skills = [...new Set(me.skills.map((s) => s.trim().toLowerCase()).filter(Boolean))];
      // Only the terms this candidate has: a bare constant in ORDER BY would be read as a column position.
      const ranking: SQL[] = [];
      if (skills.length) {
        ranking.push(
          desc(
            sql<number>`(select count(*)::int from unnest(${jobPosts.requiredSkills}) as s(skill) where lower(s.skill) in (${sql.join(
              skills.map((s) => sql`${s}`),
              sql`, `,
            )}))`,
          ),
        );
      }
      const band = experienceBandOf(me.overAllExperience);
      if (band) {
        ranking.push(
          desc(sql<number>`(case when ${jobPosts.experience} = ${band} then 1 else 0 end)`),
        );
      }
      const rows = await app.db
        .select(jobListColumns(me.id))
        .from(jobPosts)
        .leftJoin(companies, eq(companies.id, jobPosts.companyId))
        .where(
          and(
            activeJob(),
            ne(jobPosts.userId, me.id),
            sql`not exists (select 1 from ${referralRequests} where ${referralRequests.jobPostId} = ${jobPosts.id} and ${referralRequests.senderId} = ${me.id})`,
          ),
        )
        .orderBy(...ranking, desc(jobPosts.createdAt), desc(jobPosts.id))
        .limit(SUGGESTED_JOB_COUNT);
      return { success: true, data: rows.map(toJobPost) };
    },
  );

  /** A new job post by the signed-in user; the company is linked by name (created when new). */
  app.post(
    '/jobPost/createJobPost',
    { schema: { body: createJobPostRequest } },
    async (request, reply) => {
      const me = assertSelf(request, request.body.userId, 'You can only post jobs as yourself.');
      const body = request.body;
      const now = app.now();
      const companyId = await companyIdFor(app.db, body.companyName, body.industry, now);
      const rows = await app.db.transaction(async (tx) => {
        const inserted = await tx
          .insert(jobPosts)
          .values({
            userId: me.id,
            companyId,
            jobTitle: body.jobTitle,
            companyName: body.companyName,
            jobLocation: body.jobLocation,
            address: body.address,
            companyLogo: body.companyLogo,
            industry: body.industry,
            experience: body.experience,
            jobType: body.jobType,
            salaryRange: body.salaryRange,
            requiredSkills: body.requiredSkills,
            jobDescription: body.jobDescription,
            notes: body.notes,
            ...(body.referralBonus !== undefined ? { referralBonus: body.referralBonus } : {}),
            status: 'active',
            createdAt: now,
          })
          .returning({ id: jobPosts.id });
        if (inserted[0]) await app.notifications.jobPosted(tx, inserted[0].id);
        return inserted;
      });
      searchChanged();
      const job = await findJob(app.db, rows[0]!.id, me.id);
      reply.code(201);
      return { success: true, message: JOB_MESSAGES.created, data: job };
    },
  );

  /** The caller's own job posts (any status unless one is asked), newest first, with the total. */
  app.post(
    '/jobPost/getAllJobPostByUserId',
    { schema: { body: getAllJobPostByUserIdRequest } },
    async (request) => {
      const me = assertSelf(request, request.body.userId, JOB_MESSAGES.ownListOnly);
      const { search, start, limit, status } = request.body;
      const page = await listJobs(app.db, {
        where: and(
          eq(jobPosts.userId, me.id),
          status ? eq(jobPosts.status, status) : undefined,
          jobSearchCondition(search),
        ),
        start,
        limit,
        viewerId: me.id,
      });
      return { success: true, ...page, start, limit };
    },
  );

  async function ownJob(requestUserId: string, id: string): Promise<JobPostRow> {
    const job = await findJobRow(app.db, id);
    if (!job) throw new HttpError(404, JOB_MESSAGES.notFound);
    if (job.userId !== requestUserId) throw new HttpError(403, JOB_MESSAGES.notOwner);
    return job;
  }

  app.put(
    '/jobPost/updateById/:id',
    { schema: { params: idParams, body: updateJobPostRequest } },
    async (request) => {
      const me = currentUser(request);
      const job = await ownJob(me.id, request.params.id);
      const body = request.body;
      const industry = body.industry ?? job.industry;
      const companyId =
        body.companyName.toLowerCase() === job.companyName.toLowerCase() && job.companyId
          ? job.companyId
          : await companyIdFor(app.db, body.companyName, industry, app.now());
      await app.db
        .update(jobPosts)
        .set({
          companyId,
          jobTitle: body.jobTitle,
          companyName: body.companyName,
          jobLocation: body.jobLocation,
          address: body.address,
          companyLogo: body.companyLogo,
          jobType: body.jobType,
          salaryRange: body.salaryRange,
          requiredSkills: body.requiredSkills,
          jobDescription: body.jobDescription,
          notes: body.notes,
          industry,
          experience: body.experience ?? job.experience,
        })
        .where(eq(jobPosts.id, job.id));
      searchChanged();
      return {
        success: true,
        message: JOB_MESSAGES.updated,
        data: await findJob(app.db, job.id, me.id),
      };
    },
  );

  app.put(
    '/jobPost/updateStatus/:id',
    { schema: { params: idParams, body: updateJobStatusRequest } },
    async (request) => {
      const me = currentUser(request);
      const job = await ownJob(me.id, request.params.id);
      await app.db
        .update(jobPosts)
        .set({ status: request.body.status })
        .where(eq(jobPosts.id, job.id));
      searchChanged();
      return {
        success: true,
        message: JOB_MESSAGES.statusUpdated,
        data: await findJob(app.db, job.id, me.id),
      };
    },
  );
};

export default jobPost;
