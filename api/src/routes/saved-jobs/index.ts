// Saved jobs over HTTP: the caller's own, from the session (no user id in the request to get wrong).
import {
  errorResponses,
  SAVED_JOB_MESSAGES,
  savedJobParams,
  savedJobsAnswer,
  savedJobsRequest,
  savedJobStateAnswer,
  savedJobsWhichAnswer,
  savedJobsWhichRequest,
} from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';

const savedJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/savedJobs/:jobId',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Save a job for the caller (saving it again changes nothing)',
        params: savedJobParams,
        response: { 200: savedJobStateAnswer, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { jobId } = request.params;
      if (!(await app.savedJobs.save(me.id, jobId)))
        throw new HttpError(404, SAVED_JOB_MESSAGES.jobNotFound);
      return {
        success: true as const,
        message: SAVED_JOB_MESSAGES.saved,
        data: { jobPostId: jobId, saved: true },
      };
    },
  );

  app.delete(
    '/savedJobs/:jobId',
    {
      schema: {
        tags: ['jobs'],
        summary: "Remove a job from the caller's saved jobs",
        params: savedJobParams,
        response: { 200: savedJobStateAnswer, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { jobId } = request.params;
      await app.savedJobs.remove(me.id, jobId);
      return {
        success: true as const,
        message: SAVED_JOB_MESSAGES.removed,
        data: { jobPostId: jobId, saved: false },
      };
    },
  );

  app.get(
    '/savedJobs',
    {
      schema: {
        tags: ['jobs'],
        summary: "The caller's saved jobs, newest save first, a page at a time",
        querystring: savedJobsRequest,
        response: { 200: savedJobsAnswer, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { start, limit } = request.query;
      const page = await app.savedJobs.page(me.id, start, limit);
      return { success: true, ...page, start, limit };
    },
  );

  app.post(
    '/savedJobs/which',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Which of these jobs the caller saved (the hearts of a list)',
        body: savedJobsWhichRequest,
        response: { 200: savedJobsWhichAnswer, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return {
        success: true as const,
        data: await app.savedJobs.which(me.id, request.body.jobIds),
      };
    },
  );
};

export default savedJobsRoutes;
