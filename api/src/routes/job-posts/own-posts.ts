import {
  createJobPostRequest,
  errorResponses,
  filterFields,
  getAllJobPostByUserIdRequest,
  idSchema,
  jobListAnswer,
  jobPostSavedAnswer,
  updateJobPostRequest,
  updateJobStatusRequest,
} from '../../contract';
import { z } from 'zod';
import { HttpError } from '../../lib/errors';
import { assertSelf, currentUser } from '../../plugins/auth';
import { jobPostValues, type JobPostRow } from '../../services/job-posts';
import type { RouteApp } from '../route-app';
import { JOB_MESSAGES } from './messages';

const idParams = z.object({ id: idSchema });

/** A referrer's own job posts: posting one, listing theirs. */
export function ownPostRoutes(app: RouteApp, searchChanged: () => void): void {
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
        filters: filterFields(request.body),
        start,
        limit,
        viewerId: me.id,
      });
      return { success: true, ...page, start, limit };
    },
  );
}

/** Editing one of the caller's job posts and switching it on or off. */
export function editPostRoutes(app: RouteApp, searchChanged: () => void): void {
  /** Whoever saved the job sees it as it is now (closed, reopened, edited) on their open saved list. */
  const savedJobChanged = async (jobId: string) => {
    const savers = await app.savedJobs.saversOf([jobId]).catch((err: unknown) => {
      app.log.warn({ err }, 'savers not found');
      return [];
    });
    await app.chatEvents.publishChanged(savers, ['savedJobs']);
  };

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
}
