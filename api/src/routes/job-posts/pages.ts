import {
  errorResponses,
  idSchema,
  jobPostDetailsAnswer,
  jobPostsAnswer,
  publicJobPostAnswer,
  similarJobsAnswer,
  similarJobsRequest,
  SUGGESTED_JOB_COUNT,
} from '../../contract';
import { z } from 'zod';
import { HttpError } from '../../lib/errors';
import { assertSelf, SESSION_COOKIE } from '../../plugins/auth';
import { experienceBandOf } from '../../services/job-posts';
import type { RouteApp } from '../route-app';
import { JOB_MESSAGES } from './messages';

const detailParams = z.object({ jobId: idSchema, userId: z.string().max(100) });
const userIdParams = z.object({ userId: idSchema });

/** A job's page: the job with its referrer, and the job as anyone may see it. */
export function jobPageRoutes(app: RouteApp): void {
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
}

/** Jobs picked for someone: like a job, and the ones a candidate may like. */
export function recommendationRoutes(app: RouteApp): void {
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
}
