// Job posts: one function per call, and the react-query keys and options that go with them. Every key is
// `['jobPosts', kind, params]`, so `jobKeys.all` reaches every job list and detail of every page.
import { queryOptions } from '@tanstack/react-query';
// The query options call this module's functions through its namespace, so a test that replaces a
// function (`mockSharedApi` in @referio/shared/test-utils) replaces it for the queries too.
import * as api from './jobPost';
import { JOBS_PAGE_SIZE } from '../contract/constants';
import { filterFields, type JobFilters } from '../contract/filters';
import type {
  CreateJobPostRequest,
  GetAllJobPostByUserIdRequest,
  GetAllJobPostRequest,
  JobPost,
  JobPostDetails,
  ListAnswer,
  PublicJobPost,
  SimilarJobs,
  UpdateJobPostRequest,
} from '../contract/jobPost';
import type { JobStatus } from '../contract/lists';
import { ApiError, apiClient, seg, type Envelope } from './client';

type ListEnvelope<T> = Envelope<T[]> & Partial<Omit<ListAnswer<T>, 'data'>>;
const toList = <T>(body: ListEnvelope<T>): ListAnswer<T> => ({
  data: body.data,
  total: body.total ?? body.data.length,
  ...(body.totalCapped !== undefined ? { totalCapped: body.totalCapped } : {}),
  ...(body.company !== undefined ? { company: body.company } : {}),
});

/** POST /jobPost/createJobPost: the created post. */
export async function createJobPost(body: CreateJobPostRequest): Promise<JobPost> {
  return (await apiClient.post<Envelope<JobPost>>('/jobPost/createJobPost', body)).data.data;
}

/**
 * POST /jobPost/getAllJobPost `{ search, start, limit, userId }` and optional filters: active posts,
 * newest first, with a bounded total (`totalCapped`) and the filtered company's name.
 */
export async function getAllJobPost(body: GetAllJobPostRequest = {}): Promise<ListAnswer<JobPost>> {
  return toList((await apiClient.post<ListEnvelope<JobPost>>('/jobPost/getAllJobPost', body)).data);
}

/** GET /jobPost/GetById/:jobId/:userId: the post with its referrer. */
export async function getJobById(jobId: string, userId: string): Promise<JobPostDetails> {
  return (
    await apiClient.get<Envelope<JobPostDetails>>(`/jobPost/GetById/${seg(jobId)}/${seg(userId)}`)
  ).data.data;
}

/**
 * GET /jobPost/public/:jobId: the post as anyone may see it (no referrer contact), or null when there is no
 * such job (the API's 404): "Job not found" is an answer the page shows, on the server and in the browser.
 */
export async function getPublicJob(jobId: string): Promise<PublicJobPost | null> {
  try {
    return (await apiClient.get<Envelope<PublicJobPost>>(`/jobPost/public/${seg(jobId)}`)).data
      .data;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}

/**
 * GET /jobPost/similar `?jobId=&limit=`: active jobs like the job `jobId`, the most alike first (`basis:
 * 'similar'`); without a job, or for one that does not exist, the newest active jobs (`basis: 'newest'`).
 */
export async function getSimilarJobs(jobId: string | null, limit: number): Promise<SimilarJobs> {
  const params = { limit, ...(jobId ? { jobId } : {}) };
  const body = (await apiClient.get<SimilarJobs>('/jobPost/similar', { params })).data;
  return { basis: body.basis, data: body.data };
}

/** GET /jobPost/getJobsByCandidate/:userId: 'Jobs You May Like', 6 posts ranked for this candidate. */
export async function getJobsByCandidate(userId: string): Promise<Envelope<JobPost[]>> {
  return (await apiClient.get<Envelope<JobPost[]>>(`/jobPost/getJobsByCandidate/${seg(userId)}`))
    .data;
}

/** POST /jobPost/getAllJobPostByUserId: a referrer's own posts, optionally by status. */
export async function getAllJobPostByUserId(
  body: GetAllJobPostByUserIdRequest,
): Promise<ListAnswer<JobPost>> {
  return toList(
    (await apiClient.post<ListEnvelope<JobPost>>('/jobPost/getAllJobPostByUserId', body)).data,
  );
}

/** PUT /jobPost/updateById/:id: the saved post. */
export async function updateJobPost(id: string, body: UpdateJobPostRequest): Promise<JobPost> {
  return (await apiClient.put<Envelope<JobPost>>(`/jobPost/updateById/${seg(id)}`, body)).data.data;
}

/** PUT /jobPost/updateStatus/:id `{ status }` */
export async function updateJobStatus(id: string, status: JobStatus): Promise<JobPost> {
  return (await apiClient.put<Envelope<JobPost>>(`/jobPost/updateStatus/${seg(id)}`, { status }))
    .data.data;
}

/** One page of a job list: the search text, the 1-based page (JOBS_PAGE_SIZE per page) and the filters. */
export interface JobPageQuery {
  search: string;
  page: number;
  filters?: JobFilters;
}
/** A list of every active job, as the person asking sees it (their requests marked). */
export type JobListQuery = JobPageQuery & { userId: string | null };
/** A referrer's own posts, optionally by status. */
export type OwnJobListQuery = JobPageQuery & { userId: string; status?: JobStatus };

const pageFields = ({ search, page, filters = {} }: JobPageQuery) => ({
  search,
  start: (page - 1) * JOBS_PAGE_SIZE,
  limit: JOBS_PAGE_SIZE,
  ...filterFields(filters),
});

export const jobKeys = {
  all: ['jobPosts'] as const,
  list: ({ search, page, userId, filters = {} }: JobListQuery) =>
    ['jobPosts', 'list', { search, page, userId, ...filterFields(filters) }] as const,
  detail: (jobId: string, userId: string) => ['jobPosts', 'detail', { jobId, userId }] as const,
  /** A job as a signed-out visitor sees it (its public page). */
  publicDetail: (jobId: string) => ['jobPosts', 'public', { jobId }] as const,
  /** Jobs like one job (null: the newest), as anyone sees them. */
  similar: (jobId: string | null, limit: number) =>
    ['jobPosts', 'similar', { jobId: jobId ?? '', limit }] as const,
  /** 'Jobs You May Like'. */
  forCandidate: (userId: string | undefined, count: number) =>
    ['jobPosts', 'forCandidate', { userId: userId ?? '', count }] as const,
  own: ({ userId, status, search, page, filters = {} }: OwnJobListQuery) =>
    ['jobPosts', 'own', { userId, status, search, page, ...filterFields(filters) }] as const,
};

export const jobQueries = {
  /** The public job list and the candidate's explore page: active posts, newest first, 9 a page. */
  list: (params: JobListQuery) =>
    queryOptions({
      queryKey: jobKeys.list(params),
      queryFn: () =>
        api.getAllJobPost({
          ...pageFields(params),
          ...(params.userId ? { userId: params.userId } : {}),
        }),
    }),
  detail: (jobId: string, userId: string) =>
    queryOptions({
      queryKey: jobKeys.detail(jobId, userId),
      queryFn: () => api.getJobById(jobId, userId),
      enabled: jobId !== '',
    }),
  /** A job as a signed-out visitor sees it; null when there is no such job. */
  publicDetail: (jobId: string) =>
    queryOptions({
      queryKey: jobKeys.publicDetail(jobId),
      queryFn: () => api.getPublicJob(jobId),
      enabled: jobId !== '',
    }),
  /** Up to `limit` active jobs like `jobId`, or the newest (null). */
  similar: (jobId: string | null, limit: number) =>
    queryOptions({
      queryKey: jobKeys.similar(jobId, limit),
      queryFn: () => api.getSimilarJobs(jobId, limit),
    }),
  /** Up to `count` posts ranked for the candidate. */
  forCandidate: (userId: string | undefined, count: number) =>
    queryOptions({
      queryKey: jobKeys.forCandidate(userId, count),
      queryFn: async () =>
        ((await api.getJobsByCandidate(userId as string)).data ?? []).slice(0, count),
      enabled: Boolean(userId),
    }),
  own: (params: OwnJobListQuery) =>
    queryOptions({
      queryKey: jobKeys.own(params),
      queryFn: () =>
        api.getAllJobPostByUserId({
          userId: params.userId,
          ...pageFields(params),
          ...(params.status ? { status: params.status } : {}),
        }),
      enabled: params.userId !== '',
    }),
};
