import { errorResponses, idSchema, matchPreviewRequest, matchSummaryAnswer } from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';

export const MATCH_MESSAGES = {
  notFound: 'Referral request not found',
  resumeForbidden: 'You are not allowed to view this resume.',
  resumeNotFound: 'Resume not found',
  ownResumeOnly: 'You can only preview the match of your own resume.',
  jobNotFound: 'Job post not found',
} as const;

const idParams = z.object({ id: idSchema });

/**
 * Match summaries (docs/decisions-referrer.md, "Match summary"): how a request's resume meets its job, for
 * its referrer; and, before sending, how one of the candidate's resumes meets a job. A resume that cannot
 * be read answers 200 with the reason as its status: it refuses nothing.
 */
const matchRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The request's referrer only, and while they may open its resume (pending or approved, no block):
   * anyone else 404, as if the request did not exist.
   */
  app.get(
    '/referralRequest/matchSummary/:id',
    {
      schema: {
        tags: ['referrals'],
        summary: "How a request's resume meets its job (the request's referrer only)",
        params: idParams,
        response: { 200: matchSummaryAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { id } = request.params;
      const found = await app.resumeMatch.request(id);
      if (!found || found.recipientId !== me.id) throw new HttpError(404, MATCH_MESSAGES.notFound);
      const access = await app.referrals.resumeOfRequest(id, found.senderId, me.id);
      if (!access) throw new HttpError(404, MATCH_MESSAGES.notFound);
      if (access.forbidden) throw new HttpError(403, MATCH_MESSAGES.resumeForbidden);
      const [file, job] = await Promise.all([
        access.key ? app.uploads.findFile(access.key) : null,
        app.resumeMatch.job(found.jobPostId),
      ]);
      if (!job) throw new HttpError(404, MATCH_MESSAGES.notFound);
      return { success: true as const, data: await app.resumeMatch.summary(file, job) };
    },
  );

  /** A resume of the caller's (any they still have) against a job, before sending the request. */
  app.get(
    '/referralRequest/matchPreview',
    {
      schema: {
        tags: ['referrals'],
        summary: "How one of the caller's resumes meets a job (before sending a request)",
        querystring: matchPreviewRequest,
        response: { 200: matchSummaryAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { jobPostId, resumeId } = request.query;
      const resume = await app.resumes.find(resumeId);
      if (!resume) throw new HttpError(404, MATCH_MESSAGES.resumeNotFound);
      if (resume.ownerId !== me.id) throw new HttpError(403, MATCH_MESSAGES.ownResumeOnly);
      const file = await app.uploads.findFile(resume.storageKey);
      if (!file) throw new HttpError(404, MATCH_MESSAGES.resumeNotFound);
      const job = await app.resumeMatch.job(jobPostId);
      if (!job) throw new HttpError(404, MATCH_MESSAGES.jobNotFound);
      return { success: true as const, data: await app.resumeMatch.summary(file, job) };
    },
  );
};

export default matchRoutes;
