// Referral requests: one function per call, and the react-query keys and options that go with them
// (`['referrals', kind, params]`).
import { queryOptions } from '@tanstack/react-query';
// The query options call this module's functions through its namespace, so a test that replaces a
// function (`mockSharedApi` in @referio/shared/test-utils) replaces it for the queries too.
import * as api from './referral';
import type {
  GetAllReferralRequestsRequest,
  GetReferralNotificationsRequest,
  ReferralCounts,
  ReferralNotification,
  ReferralRequest,
  SendReferralRequestRequest,
} from '../contract/referral';
import type { DeclineReason } from '../contract/lists';
import type { MatchSummary } from '../contract/matchTexts';
import { apiClient, seg, type Envelope, type MessageAnswer } from './client';

/** POST /referralRequest/sendReferralRequest `{ jobPostId, targetUserId, userId }` */
export async function sendReferralRequest(
  body: SendReferralRequestRequest,
): Promise<ReferralRequest> {
  return (
    await apiClient.post<Envelope<ReferralRequest>>('/referralRequest/sendReferralRequest', body)
  ).data.data;
}

/** POST /referralRequest/getAllReferralRequestsData `{ userId, roleId, status }` */
export async function getAllReferralRequestsData(
  body: GetAllReferralRequestsRequest,
): Promise<ReferralRequest[]> {
  return (
    await apiClient.post<Envelope<ReferralRequest[]>>(
      '/referralRequest/getAllReferralRequestsData',
      body,
    )
  ).data.data;
}

/** GET /referralRequest/getRefererCount/:userId: requests addressed to this referrer. */
export async function getRefererCount(userId: string): Promise<ReferralCounts> {
  return (
    await apiClient.get<Envelope<ReferralCounts>>(`/referralRequest/getRefererCount/${seg(userId)}`)
  ).data.data;
}

/** GET /referralRequest/getCandidateCount/:userId: requests this candidate sent. */
export async function getCandidateCount(userId: string): Promise<ReferralCounts> {
  return (
    await apiClient.get<Envelope<ReferralCounts>>(
      `/referralRequest/getCandidateCount/${seg(userId)}`,
    )
  ).data.data;
}

/**
 * PUT /referralRequest/updateReferralStatus/:id `{ status }` (approved or declined); a decline may
 * carry `{ reason, note }` (note with the reason 'other' only).
 */
export async function updateReferralStatus(
  id: string,
  status: 'approved' | 'declined',
  decline?: { reason: DeclineReason; note?: string },
): Promise<ReferralRequest> {
  return (
    await apiClient.put<Envelope<ReferralRequest>>(
      `/referralRequest/updateReferralStatus/${seg(id)}`,
      status === 'declined' && decline ? { status, ...decline } : { status },
    )
  ).data.data;
}

/** POST /referralRequest/withdraw/:id: the candidate takes back a pending request. */
export async function withdrawReferralRequest(id: string): Promise<ReferralRequest> {
  return (await apiClient.post<Envelope<ReferralRequest>>(`/referralRequest/withdraw/${seg(id)}`))
    .data.data;
}

/** POST /referralRequest/getReferralNotifications `{ userId, roleId }` */
export async function getReferralNotifications(
  body: GetReferralNotificationsRequest,
): Promise<ReferralNotification[]> {
  return (
    await apiClient.post<Envelope<ReferralNotification[]>>(
      '/referralRequest/getReferralNotifications',
      body,
    )
  ).data.data;
}

/** POST /referralRequest/markNotificationsSeen: later candidate notifications list only newer job posts. */
export async function markNotificationsSeen(): Promise<MessageAnswer> {
  return (await apiClient.post<MessageAnswer>('/referralRequest/markNotificationsSeen')).data;
}

/** GET /referralRequest/matchSummary/:id: how the request's resume meets its job (its referrer only). */
export async function getMatchSummary(requestId: string): Promise<MatchSummary> {
  return (
    await apiClient.get<Envelope<MatchSummary>>(`/referralRequest/matchSummary/${seg(requestId)}`)
  ).data.data;
}

/** GET /referralRequest/matchPreview: how one of the caller's resumes meets a job, before sending. */
export async function getMatchPreview(jobPostId: string, resumeId: string): Promise<MatchSummary> {
  return (
    await apiClient.get<Envelope<MatchSummary>>('/referralRequest/matchPreview', {
      params: { jobPostId, resumeId },
    })
  ).data.data;
}

/** Whose counts: the requests a candidate sent, or those addressed to a referrer. */
export type ReferralSide = 'candidate' | 'referrer';

export const referralKeys = {
  all: ['referrals'] as const,
  counts: (userId: string | undefined, side: ReferralSide) =>
    ['referrals', 'counts', { userId: userId ?? '', side }] as const,
  list: ({ userId, roleId, status, jobPostId }: GetAllReferralRequestsRequest) =>
    ['referrals', 'list', { userId, roleId, status, jobPostId }] as const,
};

export const referralQueries = {
  counts: (userId: string | undefined, side: ReferralSide) =>
    queryOptions({
      queryKey: referralKeys.counts(userId, side),
      queryFn: () =>
        side === 'candidate'
          ? api.getCandidateCount(userId as string)
          : api.getRefererCount(userId as string),
      enabled: Boolean(userId),
    }),
  /** The caller's requests as `roleId` (sent as a candidate, received as a referrer), by status and job. */
  list: (body: GetAllReferralRequestsRequest) =>
    queryOptions({
      queryKey: referralKeys.list(body),
      queryFn: () =>
        api.getAllReferralRequestsData({
          userId: body.userId,
          roleId: body.roleId,
          status: body.status,
          ...(body.jobPostId ? { jobPostId: body.jobPostId } : {}),
        }),
      enabled: Boolean(body.userId),
    }),
};

/** Match summaries' keys: outside 'referrals', as a live change to the lists does not change a resume's match. */
export const matchKeys = {
  request: (requestId: string) => ['matchSummary', 'request', requestId] as const,
  preview: (jobPostId: string, resumeId: string) =>
    ['matchSummary', 'preview', { jobPostId, resumeId }] as const,
};

export const matchQueries = {
  /** A request's match summary, for its referrer's card. */
  request: (requestId: string) =>
    queryOptions({
      queryKey: matchKeys.request(requestId),
      queryFn: () => api.getMatchSummary(requestId),
      staleTime: 5 * 60_000,
    }),
  /** A resume of the candidate's against a job, in the request dialog. */
  preview: (jobPostId: string, resumeId: string) =>
    queryOptions({
      queryKey: matchKeys.preview(jobPostId, resumeId),
      queryFn: () => api.getMatchPreview(jobPostId, resumeId),
      enabled: Boolean(jobPostId && resumeId),
      staleTime: 5 * 60_000,
    }),
};
