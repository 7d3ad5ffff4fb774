import { queryOptions, type QueryClient } from '@tanstack/react-query';
// The query options call this module's functions through its namespace, so a test that replaces a
// function (`mockSharedApi` in @referio/shared/test-utils) replaces it for the queries too.
import * as api from './savedJobs';
import { SAVED_JOBS_PAGE_SIZE } from '../contract/savedJobLimits';
import type { SavedJobState, SavedJobsAnswer } from '../contract/savedJobs';
import { apiClient, type Envelope } from './client';

/** PUT /savedJobs/:jobId: saves the job for the signed-in user. */
export async function saveJob(jobId: string): Promise<SavedJobState> {
  return (await apiClient.put<Envelope<SavedJobState>>(`/savedJobs/${encodeURIComponent(jobId)}`))
    .data.data;
}

/** DELETE /savedJobs/:jobId: removes it from the signed-in user's saved jobs. */
export async function unsaveJob(jobId: string): Promise<SavedJobState> {
  return (
    await apiClient.delete<Envelope<SavedJobState>>(`/savedJobs/${encodeURIComponent(jobId)}`)
  ).data.data;
}

/** POST /savedJobs/which: the saved ones among `jobIds`. */
export async function savedAmong(jobIds: readonly string[]): Promise<string[]> {
  return (await apiClient.post<Envelope<string[]>>('/savedJobs/which', { jobIds })).data.data;
}

/** GET /savedJobs: a page of the signed-in user's saved jobs (page from 1). */
export async function getSavedJobs(page: number): Promise<SavedJobsAnswer> {
  const start = (Math.max(1, page) - 1) * SAVED_JOBS_PAGE_SIZE;
  return (
    await apiClient.get<SavedJobsAnswer>('/savedJobs', {
      params: { start, limit: SAVED_JOBS_PAGE_SIZE },
    })
  ).data;
}

export const savedJobKeys = {
  all: ['savedJobs'] as const,
  which: (userId: string, jobIds: readonly string[]) =>
    ['savedJobs', 'which', { userId, jobIds: [...jobIds].sort() }] as const,
  page: (userId: string, page: number) => ['savedJobs', 'page', { userId, page }] as const,
};

export const savedJobQueries = {
  /** Which of a list's jobs the user saved (a set of ids); nothing to ask without a user or jobs. */
  which: (userId: string | null | undefined, jobIds: readonly string[]) =>
    queryOptions({
      queryKey: savedJobKeys.which(userId ?? '', jobIds),
      queryFn: async () => new Set(await api.savedAmong(jobIds)),
      enabled: Boolean(userId) && jobIds.length > 0,
    }),
  /** One page of the user's saved jobs, newest save first. */
  page: (userId: string, page: number) =>
    queryOptions({
      queryKey: savedJobKeys.page(userId, page),
      queryFn: () => api.getSavedJobs(page),
      enabled: Boolean(userId),
    }),
};

/**
 * After a save or an unsave: every cached "which" set says so at once (each heart of that job on any
 * list), and the saved list is read again.
 */
export function afterSavedJobChange(client: QueryClient, jobId: string, saved: boolean): void {
  client.setQueriesData<Set<string>>({ queryKey: [...savedJobKeys.all, 'which'] }, (set) => {
    if (!set) return set;
    const next = new Set(set);
    if (saved) next.add(jobId);
    else next.delete(jobId);
    return next;
  });
  void client.invalidateQueries({ queryKey: [...savedJobKeys.all, 'page'] });
}
