import type {
  CreateJobPostRequest,
  GetAllJobPostByUserIdRequest,
  GetAllJobPostRequest,
  JobPost,
  JobPostDetails,
  ListAnswer,
  UpdateJobPostRequest,
} from '../contract/jobPost';
import type { JobStatus } from '../contract/lists';
import { apiClient, seg, type Envelope } from './client';

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
