// Hand-off and responsiveness: one function per call, and the react-query keys and options of the reads.
import { queryOptions } from '@tanstack/react-query';
// The query options call this module's functions through its namespace, so a test that replaces a
// function (`mockSharedApi` in @referio/shared/test-utils) replaces it for the queries too.
import * as api from './handoff';
import type { Handoff } from '../contract/handoff';
import type { ReferrerResponsiveness } from '../contract/responsiveness';
import { apiClient, seg, type Envelope } from './client';

/** GET /referralRequest/handoff/:requestId: other referrers' jobs at the company of a declined request. */
export async function getHandoff(requestId: string): Promise<Handoff> {
  return (await apiClient.get<Envelope<Handoff>>(`/referralRequest/handoff/${seg(requestId)}`)).data
    .data;
}

/** GET /referralRequest/getResponsiveness/:userId: the signed-in referrer's own figures. */
export async function getResponsiveness(userId: string): Promise<ReferrerResponsiveness> {
  return (
    await apiClient.get<Envelope<ReferrerResponsiveness>>(
      `/referralRequest/getResponsiveness/${seg(userId)}`,
    )
  ).data.data;
}

/** Keys of the hand-off and responsiveness reads (`[area, kind, params]`, as every area's). */
export const handoffKeys = {
  all: ['handoff'] as const,
  list: (requestId: string) => ['handoff', 'list', { requestId }] as const,
};

export const responsivenessKeys = {
  all: ['responsiveness'] as const,
  mine: (userId: string) => ['responsiveness', 'mine', { userId }] as const,
};

/** react-query options beside the calls (`useQuery(handoffQueries.list(id))`). */
export const handoffQueries = {
  list: (requestId: string) =>
    queryOptions({
      queryKey: handoffKeys.list(requestId),
      queryFn: () => api.getHandoff(requestId),
    }),
};

export const responsivenessQueries = {
  mine: (userId: string) =>
    queryOptions({
      queryKey: responsivenessKeys.mine(userId),
      queryFn: () => api.getResponsiveness(userId),
      enabled: !!userId,
    }),
};
