import './zodConfig';
import { z } from 'zod';
import { envelope, idSchema, limitSchema, messageEnvelope, startSchema } from './common';
import { jobPostSchema } from './jobPost';
import { SAVED_JOBS_PAGE_MAX, SAVED_JOBS_PAGE_SIZE, SAVED_JOBS_WHICH_MAX } from './savedJobLimits';

/** PUT and DELETE /savedJobs/:jobId */
export const savedJobParams = z.object({ jobId: idSchema });

/** GET /savedJobs: the caller's saved jobs, newest save first, a page at a time. */
export const savedJobsRequest = z.object({
  start: startSchema,
  limit: limitSchema(SAVED_JOBS_PAGE_MAX, SAVED_JOBS_PAGE_SIZE),
});
export type SavedJobsRequest = z.input<typeof savedJobsRequest>;

/** POST /savedJobs/which: which of these jobs the caller saved (the hearts of a list's cards). */
export const savedJobsWhichRequest = z.object({
  jobIds: z
    .array(idSchema)
    .max(SAVED_JOBS_WHICH_MAX, `At most ${SAVED_JOBS_WHICH_MAX} jobs at a time`),
});
export type SavedJobsWhichRequest = z.input<typeof savedJobsWhichRequest>;

/** A saved job: the job as lists show it, and when it was saved. */
export const savedJobSchema = z
  .object({ job: jobPostSchema, savedAt: z.string() })
  .meta({ id: 'SavedJob' });
export type SavedJob = z.infer<typeof savedJobSchema>;

export const savedJobsAnswer = z.object({
  success: z.boolean().describe('Always true'),
  data: z.array(savedJobSchema),
  total: z.number().int(),
  start: z.number().int(),
  limit: z.number().int(),
});
export type SavedJobsAnswer = z.infer<typeof savedJobsAnswer>;

/** The saved ones among the ids asked about. */
export const savedJobsWhichAnswer = envelope(z.array(z.string()));

/** After a save or an unsave: the job and whether it is saved now. */
export const savedJobStateAnswer = messageEnvelope(
  z.object({ jobPostId: z.string(), saved: z.boolean() }),
);
export type SavedJobState = z.infer<typeof savedJobStateAnswer>['data'];
