import { JOBS_PAGE_SIZE, filterFields, getAllJobPost, type JobFilters } from '@referio/shared';

/** react-query keys of the job lists and details, so a request can refresh them. */
export const jobKeys = {
  all: ['jobPost'] as const,
  list: (search: string, page: number, userId: string | null, filters: JobFilters = {}) =>
    ['jobPost', 'list', { search, page, userId, ...filters }] as const,
  detail: (jobId: string, userId: string) => ['jobPost', 'detail', jobId, userId] as const,
};

/** One page of the public job list, searched, filtered and paged on the server (9 per page, newest first). */
export function fetchJobPage(
  search: string,
  page: number,
  userId: string | null,
  filters: JobFilters = {},
) {
  return getAllJobPost({
    search,
    start: (page - 1) * JOBS_PAGE_SIZE,
    limit: JOBS_PAGE_SIZE,
    ...(userId ? { userId } : {}),
    ...filterFields(filters),
  });
}
