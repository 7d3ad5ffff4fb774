import {
  createJobPostRequest,
  errorResponses,
  getAllJobPostByUserIdRequest,
  getAllJobPostRequest,
  idSchema,
  jobListAnswer,
  jobSuggestAnswer,
  jobSuggestRequest,
  jobPostDetailsAnswer,
  jobPostSavedAnswer,
  jobPostsAnswer,
  publicJobPostAnswer,
  sitemapJobsAnswer,
  sitemapJobsRequest,
  sitemapPagesAnswer,
  sitemapPagesRequest,
  similarJobsAnswer,
  similarJobsRequest,
  SUGGEST_MAX,
  SUGGESTED_JOB_COUNT,
  updateJobPostRequest,
  updateJobStatusRequest,
} from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors';
import { TtlCache } from '../../lib/ttl-cache';
import { assertSelf, currentUser, SESSION_COOKIE } from '../../plugins/auth';
import {
  appliedAmongJobIds,
  experienceBandOf,
  hasSearchWords,
  jobPostValues,
  type JobPostRow,
  type PublicSearch,
} from '../../services/job-posts';
import type { ActiveSession } from '../../services/sessions';
import type { JobFilters, JobSuggestion } from '../../contract';

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

/** The filters of a validated list request, only those that are set. */
function filtersOf(body: JobFilters): JobFilters {
  const out: JobFilters = {};
  if (body.jobType) out.jobType = body.jobType;
  if (body.location) out.location = body.location;
  if (body.industry) out.industry = body.industry;
  if (body.experience) out.experience = body.experience;
  if (body.company) out.company = body.company;
  return out;
}

/** A cached search page (`isApplied` false throughout: it is everyone's). */
interface SearchPage extends PublicSearch {
  company: { _id: string; companyName: string } | null | undefined;
}

const jobPost: FastifyPluginAsyncZod = async (app) => {
  /**
   * Public searches, per search text: counting every match of a common word, or gathering and sorting
   * the matches of a rarer one, costs far more than answering from memory, and a list a few seconds
   * old is fine for browsing. `isApplied` is always the caller's, read fresh. A job write on any
   * instance clears every instance's pages.
   */
  const ttlMs = app.config.SEARCH_CACHE_SECONDS * 1000;
  const clock = () => app.now().getTime();
  const searchPages = new TtlCache<SearchPage>(ttlMs, 500, clock);
  const suggestions = new TtlCache<JobSuggestion[]>(ttlMs, 1000, clock);
  // A job write clears this instance's pages at once and tells the other instances (LISTEN/NOTIFY,
  // src/plugins/events/) to clear theirs.
  const searchChanged = () => {
    searchPages.clear();
    suggestions.clear();
    app.chatEvents
      .publishSearchChanged()
      .catch((err: unknown) => app.log.warn({ err }, 'search change not published'));
  };
  app.chatEvents.onSearchChanged(() => {
    searchPages.clear();
    suggestions.clear();
  });
  /** Whoever saved the job sees it as it is now (closed, reopened, edited) on their open saved list. */
  const savedJobChanged = async (jobId: string) => {
    const savers = await app.savedJobs.saversOf([jobId]).catch((err: unknown) => {
      app.log.warn({ err }, 'savers not found');
      return [];
    });
    await app.chatEvents.publishChanged(savers, ['savedJobs']);
  };

  /**
   * The session and which of a page's jobs its user already requested, in one round trip (the
   * search looks its session up itself: `sessionInHandler`).
   */
  const sessionWithApplied = app.sessions.finder('referio_session_applied_jobs', {
    applied: appliedAmongJobIds(),
  });

  /**
   * Active job posts, newest first: every word of the search in the title, company, skills, address or
   * location type, and the filters; a bounded total; `isApplied` for the caller.
   */
  app.post(
    '/jobPost/getAllJobPost',
    {
      config: { auth: 'optional', sessionInHandler: true },
      schema: {
        tags: ['jobs'],
        summary: 'Search active job posts (newest first, filters, bounded total)',
        body: getAllJobPostRequest,
        response: { 200: jobListAnswer, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { search, start, limit } = request.body;
      const filters = filtersOf(request.body);
      const text = app.jobPosts.searchText(search);
      const key = JSON.stringify([start, limit, text, filters]);
      const token = request.cookies[SESSION_COOKIE];
      const lookup = app.sessions.lookupParams(token);
      // Read with the page when the page is read (one round trip); on a cache hit, on its own.
      let mine: { session: ActiveSession | null; applied: string[] } | undefined;
      let hit = true;
      const page = await searchPages.getOrCompute(key, async () => {
        hit = false;
        const q = { search: text, filters, status: 'active' as const, start, limit };
        const [found, company] = await Promise.all([
          lookup
            ? app.jobPosts.publicSearchWithSession(q, lookup).then((withSession) => {
                if (withSession) mine = withSession;
                return withSession;
              })
            : app.jobPosts.publicSearch(q),
          filters.company ? app.companies.find(filters.company) : undefined,
        ]);
        // A request without a word or a filter lists every active job, from job_posts itself (and
        // so does any search while the postings are stale: `checkPostings`).
        let listed: PublicSearch | null = found;
        if (!listed) {
          const all = await app.jobPosts.page({
            status: 'active',
            search: text,
            filters,
            start,
            limit,
            viewerId: null,
          });
          listed = { ...all, ids: all.data.map((j) => j._id) };
        }
        const { data, ids, total, totalCapped } = listed;
        return { data, ids, total, totalCapped, company };
      });
      void reply.header('x-search-cache', hit && ttlMs > 0 ? 'hit' : 'miss');
      if (!mine && token) {
        const session = await sessionWithApplied(token, { jobIds: page.ids });
        mine = { session, applied: session?.applied ?? [] };
      }
      await app.useSession(request, reply, mine?.session ?? null);
      const applied = new Set(mine?.applied ?? []);
      // The jobs of users the caller blocked leave the page (docs/trust-and-safety.md): a key probe
      // for a signed-in caller; the page is one a little shorter then.
      const blocked = request.user
        ? await app.trust.blockedIds(request.user.id)
        : new Set<string>();
      const data = blocked.size > 0 ? page.data.filter((j) => !blocked.has(j.userId)) : page.data;
      return {
        success: true,
        data: applied.size > 0 ? data.map((j) => ({ ...j, isApplied: applied.has(j._id) })) : data,
        total: Math.max(0, page.total - (page.data.length - data.length)),
        totalCapped: page.totalCapped,
        ...(page.company !== undefined ? { company: page.company } : {}),
        start,
        limit,
      };
    },
  );

  /**
   * Suggestions while a search is typed (docs/search.md): companies, titles, skills and places beginning
   * with it, most listed posts first, at most SUGGEST_MAX. An empty text has none. Cached per text as
   * the search pages are, and cleared with them.
   */
  app.get(
    '/jobPost/suggest',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['jobs'],
        summary: 'Suggestions for a search being typed (companies, titles, skills, places)',
        querystring: jobSuggestRequest,
        response: { 200: jobSuggestAnswer, ...errorResponses(400) },
      },
    },
    async (request) => {
      // The words typed before the last are kept as typed in a suggestion: only runs of spaces are one.
      const q = request.query.q.replace(/\s+/g, ' ');
      if (!hasSearchWords(q)) return { success: true, data: [] };
      const data = await suggestions.getOrCompute(q, () => app.jobPosts.suggest(q, SUGGEST_MAX));
      return { success: true, data };
    },
  );

  /** One job post with its referrer (the `userId` path segment is the UI's; the session decides). */
  app.get(
    '/jobPost/GetById/:jobId/:userId',
    {
      config: { sessionInHandler: true },
      schema: {
        tags: ['jobs'],
        summary: 'One job post with its referrer',
        params: detailParams,
        response: { 200: jobPostDetailsAnswer, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const found = await app.jobPosts.detailsWithSession(
        app.sessions.lookupParams(request.cookies[SESSION_COOKIE]),
        request.params.jobId,
      );
      await app.useSession(request, reply, found?.session ?? null);
      if (!found?.details) throw new HttpError(404, JOB_MESSAGES.notFound);
      return { success: true, data: found.details };
    },
  );

  /**
   * One job post as anyone may see it, whatever its status (a closed job's page says it is closed): its
   * server-rendered page, its share image. No referrer contact; the session is not read.
   */
  app.get(
    '/jobPost/public/:jobId',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['jobs'],
        summary: 'One job post as anyone may see it (no referrer contact)',
        params: z.object({ jobId: idSchema }),
        response: { 200: publicJobPostAnswer, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const data = await app.jobPosts.findPublic(request.params.jobId);
      if (!data) throw new HttpError(404, JOB_MESSAGES.notFound);
      return { success: true, data };
    },
  );

  /** The sitemap's jobs: a page of active posts in id order after `after` (keyset), with their last write. */
  app.get(
    '/jobPost/sitemap',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['jobs'],
        summary: "A page of the sitemap's active jobs (keyset by id)",
        querystring: sitemapJobsRequest,
        response: { 200: sitemapJobsAnswer, ...errorResponses(400) },
      },
    },
    async (request) => {
      const rows = await app.jobPosts.sitemapPage(request.query.after ?? null, request.query.limit);
      return {
        success: true,
        data: rows.map((r) => ({ _id: r.id, lastmod: r.lastmod.toISOString() })),
      };
    },
  );

  /** How the sitemap's jobs split into pages of `size`: their number and each page's `after`. */
  app.get(
    '/jobPost/sitemap/pages',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['jobs'],
        summary: "The sitemap's job pages: the active jobs' number and where each page starts",
        querystring: sitemapPagesRequest,
        response: { 200: sitemapPagesAnswer, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { total, afters } = await app.jobPosts.sitemapPages(request.query.size);
      return { success: true, total, afters };
    },
  );

  /**
   * "Similar jobs" on a job page: active jobs like `jobId` (its company, its title's words and skills),
   * best first; without `jobId`, or for a job that does not exist ("Job not found"), the newest active jobs.
   * Anyone may ask; a signed-in caller does not get the jobs of people they blocked.
   */
  app.get(
    '/jobPost/similar',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['jobs'],
        summary: 'Active jobs like a job (or the newest, without one)',
        querystring: similarJobsRequest,
        response: { 200: similarJobsAnswer, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { jobId, limit } = request.query;
      const viewer = request.user?.id ?? null;
      const blocked = viewer ? [...(await app.trust.blockedIds(viewer))] : [];
      const known = jobId ? await app.jobPosts.findRow(jobId) : null;
      if (known) {
        const data = await app.jobPosts.similar(known.id, limit, blocked);
        return { success: true, basis: 'similar' as const, data };
      }
      const data = await app.jobPosts.list({
        status: 'active',
        ...(viewer ? { notBlockedBy: viewer } : {}),
        viewerId: null,
        limit,
      });
      return { success: true, basis: 'newest' as const, data };
    },
  );

  /**
   * "Jobs You May Like": active jobs of others the candidate has not requested yet, ranked by skill
   * overlap, then experience band match, then newest (docs/decisions-candidate.md).
   */
  app.get(
    '/jobPost/getJobsByCandidate/:userId',
    {
      schema: {
        tags: ['jobs'],
        summary: "'Jobs You May Like': active jobs ranked for the candidate",
        params: userIdParams,
        response: { 200: jobPostsAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const me = assertSelf(request, request.params.userId, JOB_MESSAGES.ownSuggestionsOnly);
      const skills = [...new Set(me.skills.map((s) => s.trim().toLowerCase()).filter(Boolean))];
      const data = await app.jobPosts.list({
        status: 'active',
        notOwnerId: me.id,
        notRequestedBy: me.id,
        notBlockedBy: me.id,
        rankFor: { skills, experience: experienceBandOf(me.overAllExperience) },
        viewerId: me.id,
        limit: SUGGESTED_JOB_COUNT,
      });
      return { success: true, data };
    },
  );

  /**
   * A new job post by the signed-in user, for a company they are verified at (linked by name, created
   * when new: `app.companies.companyToPostFor`).
   */
  app.post(
    '/jobPost/createJobPost',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Post a job as the signed-in referrer',
        body: createJobPostRequest,
        response: { 201: jobPostSavedAnswer, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const me = assertSelf(request, request.body.userId, 'You can only post jobs as yourself.');
      const body = request.body;
      const now = app.now();
      const company = await app.companies.companyToPostFor(
        me.id,
        body.companyName,
        body.industry,
        now,
      );
      const id = await app.jobPosts.create(
        me.id,
        company.id,
        { ...jobPostValues(body), companyName: company.name },
        now,
        async (tx, jobId) => {
          await app.notifications.jobPosted(tx, jobId);
          await app.jobAlerts.enqueue(tx, jobId);
        },
      );
      searchChanged();
      app.outbox.wakeAlerts();
      const job = await app.jobPosts.find(id, me.id);
      reply.code(201);
      return { success: true, message: JOB_MESSAGES.created, data: job };
    },
  );

  /** The caller's own job posts (any status unless one is asked), newest first, with the total. */
  app.post(
    '/jobPost/getAllJobPostByUserId',
    {
      schema: {
        tags: ['jobs'],
        summary: "The caller's own job posts, newest first",
        body: getAllJobPostByUserIdRequest,
        response: { 200: jobListAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const me = assertSelf(request, request.body.userId, JOB_MESSAGES.ownListOnly);
      const { search, start, limit, status } = request.body;
      const page = await app.jobPosts.page({
        ownerId: me.id,
        ...(status ? { status } : {}),
        search,
        filters: filtersOf(request.body),
        start,
        limit,
        viewerId: me.id,
      });
      return { success: true, ...page, start, limit };
    },
  );

  async function ownJob(requestUserId: string, id: string): Promise<JobPostRow> {
    const job = await app.jobPosts.findRow(id);
    if (!job) throw new HttpError(404, JOB_MESSAGES.notFound);
    if (job.userId !== requestUserId) throw new HttpError(403, JOB_MESSAGES.notOwner);
    return job;
  }

  app.put(
    '/jobPost/updateById/:id',
    {
      schema: {
        tags: ['jobs'],
        summary: "Edit one of the caller's job posts",
        params: idParams,
        body: updateJobPostRequest,
        response: { 200: jobPostSavedAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const job = await ownJob(me.id, request.params.id);
      const values = jobPostValues(request.body, job);
      const company = await app.companies.companyToPostFor(
        me.id,
        values.companyName,
        values.industry,
        app.now(),
      );
      await app.jobPosts.update(job.id, company.id, { ...values, companyName: company.name });
      searchChanged();
      await savedJobChanged(job.id);
      return {
        success: true,
        message: JOB_MESSAGES.updated,
        data: await app.jobPosts.find(job.id, me.id),
      };
    },
  );

  app.put(
    '/jobPost/updateStatus/:id',
    {
      schema: {
        tags: ['jobs'],
        summary: "Activate or deactivate one of the caller's job posts",
        params: idParams,
        body: updateJobStatusRequest,
        response: { 200: jobPostSavedAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const job = await ownJob(me.id, request.params.id);
      await app.jobPosts.setStatus(job.id, request.body.status);
      searchChanged();
      await savedJobChanged(job.id);
      return {
        success: true,
        message: JOB_MESSAGES.statusUpdated,
        data: await app.jobPosts.find(job.id, me.id),
      };
    },
  );
};

export default jobPost;
