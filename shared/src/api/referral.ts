import type {
  GetAllReferralRequestsRequest,
  GetReferralNotificationsRequest,
  ReferralCounts,
  ReferralNotification,
  ReferralRequest,
  SendReferralRequestRequest,
} from '../contract/referral';
import type { DeclineReason } from '../contract/lists';
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
