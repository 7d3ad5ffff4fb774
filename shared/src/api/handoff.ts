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

export const handoffKeys = {
  all: ['handoff'] as const,
  list: (requestId: string) => ['handoff', requestId] as const,
};

export const responsivenessKeys = {
  all: ['responsiveness'] as const,
  mine: (userId: string) => ['responsiveness', userId] as const,
};

/** react-query options beside the calls (`useQuery(handoffQueries.list(id))`). */
export const handoffQueries = {
  list: (requestId: string) => ({
    queryKey: handoffKeys.list(requestId),
    queryFn: () => getHandoff(requestId),
  }),
};

export const responsivenessQueries = {
  mine: (userId: string) => ({
    queryKey: responsivenessKeys.mine(userId),
    queryFn: () => getResponsiveness(userId),
    enabled: !!userId,
  }),
};
