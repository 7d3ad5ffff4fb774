// Job alerts: one function per call, and the react-query keys and options that go with them (the save
// control on the job lists and the profile's list share one cache entry).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
// The query options call this module's functions through its namespace, so a test that replaces a
// function (`mockSharedApi` in @referio/shared/test-utils) replaces it for the queries too.
import * as api from './jobAlerts';
import type { JobAlertFrequency, JobAlertSaveFrequency } from '../contract/jobAlertTexts';
import type { JobAlert } from '../contract/jobAlerts';
import type { JobFilters } from '../contract/filters';
import { apiClient, type Envelope } from './client';

/** GET /jobAlerts: the signed-in user's alerts, newest first. */
export async function getJobAlerts(): Promise<JobAlert[]> {
  return (await apiClient.get<Envelope<JobAlert[]>>('/jobAlerts')).data.data;
}

/** POST /jobAlerts: an alert for a job list's search and filters (the same ones again: a new frequency). */
export async function createJobAlert(
  search: string,
  filters: JobFilters,
  frequency: JobAlertSaveFrequency,
): Promise<JobAlert> {
  return (await apiClient.post<Envelope<JobAlert>>('/jobAlerts', { search, ...filters, frequency }))
    .data.data;
}

/** PUT /jobAlerts/:id: instant, daily or off. */
export async function updateJobAlert(id: string, frequency: JobAlertFrequency): Promise<JobAlert> {
  return (
    await apiClient.put<Envelope<JobAlert>>(`/jobAlerts/${encodeURIComponent(id)}`, { frequency })
  ).data.data;
}

/** DELETE /jobAlerts/:id */
export async function deleteJobAlert(id: string): Promise<void> {
  await apiClient.delete(`/jobAlerts/${encodeURIComponent(id)}`);
}

export const jobAlertKeys = {
  all: ['jobAlerts'] as const,
  list: (userId: string | undefined) => ['jobAlerts', 'list', { userId: userId ?? '' }] as const,
};

export const jobAlertQueries = {
  /** The user's alerts; nothing to ask signed out. */
  list: (userId: string | null | undefined) =>
    queryOptions({
      queryKey: jobAlertKeys.list(userId ?? undefined),
      queryFn: () => api.getJobAlerts(),
      enabled: Boolean(userId),
    }),
};

/** After a save, a change or a delete: the lists are read again. */
export function afterJobAlertChange(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: jobAlertKeys.all });
}
