import './zod-config';
import { z } from 'zod';
import { envelope, idSchema, messageEnvelope, roleIdSchema } from './common';
import { jobPostSchema } from './jobPost';
import { REFERRAL_STATUSES } from './lists';

/** The seeker who asked, as a referral request carries them. */
export const referralSenderSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  overAllExperience: z.number().nullable(),
  resumeLink: z.string().nullable(),
  skills: z.array(z.string()),
});
export type ReferralSender = z.infer<typeof referralSenderSchema>;

/** The referrer addressed. */
export const referralRecipientSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
});
export type ReferralRecipient = z.infer<typeof referralRecipientSchema>;

export const referralRequestSchema = z
  .object({
    _id: z.string(),
    status: z.enum(REFERRAL_STATUSES),
    createdAt: z.string(),
    /** When the status last changed (the request's creation while pending). */
    updatedAt: z
      .string()
      .optional()
      .describe("When the status last changed (the request's creation while pending)"),
    jobPostId: jobPostSchema,
    senderId: referralSenderSchema,
    recipientId: referralRecipientSchema,
  })
  .meta({ id: 'ReferralRequest' });
export type ReferralRequest = z.infer<typeof referralRequestSchema>;

export const referralCountsSchema = z.object({
  total: z.number().int(),
  approved: z.number().int(),
  pending: z.number().int(),
  declined: z.number().int(),
});
export type ReferralCounts = z.infer<typeof referralCountsSchema>;

/** A notification: a job post the user may care about. */
export const referralNotificationSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  jobPostId: jobPostSchema,
});
export type ReferralNotification = z.infer<typeof referralNotificationSchema>;

/** sendReferralRequest and updateReferralStatus: the request as saved. */
export const referralRequestSavedAnswer = messageEnvelope(referralRequestSchema.nullable());
/** getAllReferralRequestsData (POST and GET) */
export const referralRequestsAnswer = envelope(z.array(referralRequestSchema));
/** getRefererCount and getCandidateCount */
export const referralCountsAnswer = envelope(referralCountsSchema);
/** getReferralNotifications */
export const referralNotificationsAnswer = envelope(z.array(referralNotificationSchema));

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
