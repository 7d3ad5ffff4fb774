// react-query keys of this remote: one prefix per kind of server data, so a change can refresh it all.
import type { JobFilters, JobStatus, ReferralStatus } from '@referio/shared';

export const referrerKeys = {
  all: ['referrer'] as const,
  counts: (userId: string) => ['referrer', 'counts', userId] as const,
  requests: (userId: string, status?: ReferralStatus, jobPostId?: string) =>
    status
      ? (['referrer', 'requests', userId, status, jobPostId ?? 'all'] as const)
      : (['referrer', 'requests', userId] as const),
  jobPosts: (userId: string, params?: { search: string; status?: JobStatus; page: number }) =>
    params
      ? (['referrer', 'jobPosts', userId, params] as const)
      : (['referrer', 'jobPosts', userId] as const),
  activeJobs: (userId: string, params: JobFilters & { search: string; page: number }) =>
    ['referrer', 'activeJobs', userId, params] as const,
  profile: (userId: string) => ['referrer', 'profile', userId] as const,
};
