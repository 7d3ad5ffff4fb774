import './zodConfig';
import { z } from 'zod';
import { envelope, errorResponse, idSchema, messageEnvelope, roleIdSchema } from './common';
import { jobPostSchema } from './jobPost';
import {
  DECLINE_NOTE_MAX,
  DECLINE_REASONS,
  LISTED_REFERRAL_STATUSES,
  REFERRAL_STATUSES,
  REQUEST_NOTE_MAX,
} from './lists';

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
    /** When a pending request expires unanswered ("No response"). */
    expiresAt: z.string().describe('When a pending request expires unanswered ("No response")'),
    /** A declined request's reason, when the referrer gave one. */
    declineReason: z
      .enum(DECLINE_REASONS)
      .nullable()
      .describe("A declined request's reason, when the referrer gave one"),
    /** The note of an 'other' decline (at most 280 characters). */
    declineNote: z
      .string()
      .nullable()
      .describe("The note of an 'other' decline (at most 280 characters)"),
    /** The candidate's note to the referrer with the request ("why me"), when they wrote one. */
    note: z
      .string()
      .nullable()
      .optional()
      .describe("The candidate's note to the referrer with the request, when they wrote one"),
    /**
     * To its candidate only: who opened the resume ("Resume opened by …"), when last (`at`) and when
     * first (`firstAt`, the timeline's step).
     */
    resumeOpened: z
      .object({
        name: z.string(),
        at: z.string(),
        firstAt: z
          .string()
          .optional()
          .describe("When the resume was first opened (the request timeline's step)"),
      })
      .nullable()
      .optional()
      .describe('To its candidate only: who opened the resume, when last (at) and when first'),
  })
  .meta({ id: 'ReferralRequest' });
export type ReferralRequest = z.infer<typeof referralRequestSchema>;

/**
 * Requests by status; total counts the requests that went to a referrer and were not taken back:
 * pending, approved, declined and expired ("No response"). The candidate's withdrawn requests are a state
 * of their own (`withdrawn`, their "Withdrawn" tab), outside the total; the referrer never sees them.
 */
export const referralCountsSchema = z.object({
  total: z.number().int(),
  approved: z.number().int(),
  pending: z.number().int(),
  declined: z.number().int(),
  /** Expired unanswered ("No response"). */
  expired: z.number().int().describe('Expired unanswered ("No response")'),
  /** The candidate's withdrawn requests (their own tab, not in `total`); absent from the referrer's. */
  withdrawn: z
    .number()
    .int()
    .optional()
    .describe(
      "The candidate's withdrawn requests (their own tab, not in total); absent from the referrer's counts",
    ),
});
export type ReferralCounts = z.infer<typeof referralCountsSchema>;

/** Which cap refused a new request (429), and when it frees up. */
export type ReferralLimit = 'pending' | 'daily';

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

/**
 * POST /referralRequest/sendReferralRequest. The request carries one of the sender's named resumes:
 * `resumeId` names the one the candidate chose (refused when it is not theirs, 409 when it was deleted
 * meanwhile); without it, their default resume. The request keeps that file even if the resume is later
 * replaced or deleted.
 */
export const sendReferralRequestRequest = z.object({
  jobPostId: idSchema,
  targetUserId: idSchema,
  userId: idSchema,
  resumeId: idSchema
    .optional()
    .describe(
      "One of the sender's resumes (GET /documentsUpload/resumes); without it, their default resume",
    ),
  /** An optional note to the referrer ("why me"), trimmed; blank is no note. */
  note: z
    .string({ error: 'The note must be text' })
    .trim()
    .max(REQUEST_NOTE_MAX, `The note to the referrer can be at most ${REQUEST_NOTE_MAX} characters`)
    .optional()
    .describe(`An optional note to the referrer, trimmed, at most ${REQUEST_NOTE_MAX} characters`),
});
export type SendReferralRequestRequest = z.input<typeof sendReferralRequestRequest>;

/**
 * POST /referralRequest/getAllReferralRequestsData: roleId 0 = sent by me, 1 = addressed to me; with
 * `jobPostId`, only that job's requests.
 */
export const getAllReferralRequestsRequest = z.object({
  userId: idSchema,
  roleId: roleIdSchema,
  status: z.enum(LISTED_REFERRAL_STATUSES, {
    error: 'Status must be pending, approved, declined, expired or withdrawn',
  }),
  /** Only the requests for this job post (Give Referral opens one job's requests). */
  jobPostId: idSchema.optional(),
});
export type GetAllReferralRequestsRequest = z.input<typeof getAllReferralRequestsRequest>;

/**
 * PUT /referralRequest/updateReferralStatus/:id: `{ status }` as the spec sends it; a decline may carry
 * a `reason`, and the reason 'other' a `note` (1 to 280 characters).
 */
export const updateReferralStatusRequest = z
  .object({
    status: z.enum(['approved', 'declined'], { error: 'Status must be approved or declined' }),
    reason: z
      .enum(DECLINE_REASONS, {
        error:
          'Reason must be role_filled, experience_mismatch, skills_mismatch, cannot_refer or other',
      })
      .nullish(),
    note: z
      .string({ error: 'The note must be text' })
      .trim()
      .max(DECLINE_NOTE_MAX, `The note can be at most ${DECLINE_NOTE_MAX} characters`)
      .nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'approved' && (v.reason || v.note)) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'Only a decline takes a reason',
      });
    } else if (v.reason === 'other' && !v.note) {
      ctx.addIssue({
        code: 'custom',
        path: ['note'],
        message: 'Please write a note for the reason Other',
      });
    } else if (v.note && v.reason !== 'other') {
      ctx.addIssue({
        code: 'custom',
        path: ['note'],
        message: 'A note goes with the reason Other only',
      });
    }
  });
export type UpdateReferralStatusRequest = z.input<typeof updateReferralStatusRequest>;

/** POST /referralRequest/getReferralNotifications */
export const getReferralNotificationsRequest = z.object({
  userId: idSchema,
  roleId: roleIdSchema,
});
export type GetReferralNotificationsRequest = z.input<typeof getReferralNotificationsRequest>;

// ---- answers (the routes' response schemas) ------------------------------------------------------------

/** A refused new request (429): which cap, and when it frees up (ISO time; also in Retry-After). */
export const referralLimitResponse = errorResponse.extend({
  limit: z.enum(['pending', 'daily']),
  availableAt: z.string(),
});
export type ReferralLimitResponse = z.infer<typeof referralLimitResponse>;
