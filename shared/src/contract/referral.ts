import './zodConfig';
import { z } from 'zod';
import { idSchema, roleIdSchema } from './common';
import type { JobPost } from './jobPost';
import { REFERRAL_STATUSES, type ReferralStatus } from './lists';

/** The seeker who asked, as a referral request carries them. */
export interface ReferralSender {
  _id: string;
  fullName: string;
  email: string;
  overAllExperience: number | null;
  resumeLink: string | null;
  skills: string[];
}

/** The referrer addressed. */
export interface ReferralRecipient {
  _id: string;
  fullName: string;
  email: string;
}

export interface ReferralRequest {
  _id: string;
  status: ReferralStatus;
  createdAt: string;
  /** When the status last changed (the request's creation while pending). */
  updatedAt?: string;
  jobPostId: JobPost;
  senderId: ReferralSender;
  recipientId: ReferralRecipient;
}

export interface ReferralCounts {
  total: number;
  approved: number;
  pending: number;
  declined: number;
}

/** A notification: a job post the user may care about. */
export interface ReferralNotification {
  _id: string;
  createdAt: string;
  jobPostId: JobPost;
}

/** POST /referralRequest/sendReferralRequest (after the resume upload). */
export const sendReferralRequestRequest = z.object({
  jobPostId: idSchema,
  targetUserId: idSchema,
  userId: idSchema,
});
export type SendReferralRequestRequest = z.input<typeof sendReferralRequestRequest>;

/**
 * POST /referralRequest/getAllReferralRequestsData: roleId 0 = sent by me, 1 = addressed to me; with
 * `jobPostId`, only that job's requests.
 */
export const getAllReferralRequestsRequest = z.object({
  userId: idSchema,
  roleId: roleIdSchema,
  status: z.enum(REFERRAL_STATUSES, { error: 'Status must be pending, approved or declined' }),
  /** Only the requests for this job post (Give Referral opens one job's requests). */
  jobPostId: idSchema.optional(),
});
export type GetAllReferralRequestsRequest = z.input<typeof getAllReferralRequestsRequest>;

/** PUT /referralRequest/updateReferralStatus/:id */
export const updateReferralStatusRequest = z.object({
  status: z.enum(['approved', 'declined'], { error: 'Status must be approved or declined' }),
});
export type UpdateReferralStatusRequest = z.input<typeof updateReferralStatusRequest>;

/** POST /referralRequest/getReferralNotifications */
export const getReferralNotificationsRequest = z.object({
  userId: idSchema,
  roleId: roleIdSchema,
});
export type GetReferralNotificationsRequest = z.input<typeof getReferralNotificationsRequest>;
