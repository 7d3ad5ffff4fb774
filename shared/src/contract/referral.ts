import './zod-config';
import { z } from 'zod';
import { errorResponse, idSchema, roleIdSchema } from './common';
import type { JobPost } from './jobPost';
import {
  DECLINE_NOTE_MAX,
  DECLINE_REASONS,
  LISTED_REFERRAL_STATUSES,
  REFERRAL_STATUSES,
  type DeclineReason,
  type ReferralStatus,
} from './lists';

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
  /** When a pending request expires unanswered ("No response"). */
  expiresAt: string;
  /** A declined request's reason, when the referrer gave one. */
  declineReason: DeclineReason | null;
  /** The note of an 'other' decline (at most 280 characters). */
  declineNote: string | null;
}

/** Requests by status; total counts all four listed statuses (withdrawn requests count nowhere). */
export interface ReferralCounts {
  total: number;
  approved: number;
  pending: number;
  declined: number;
  /** Expired unanswered ("No response"). */
  expired: number;
}

/** Which cap refused a new request (429), and when it frees up. */
export type ReferralLimit = 'pending' | 'daily';

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
  status: z.enum(LISTED_REFERRAL_STATUSES, {
    error: 'Status must be pending, approved, declined or expired',
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

/** The job a request is for: a job list's job, whole (its fields are the job list's business). */
const referralJobSchema = z.custom<JobPost>(
  (v) =>
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { _id?: unknown })._id === 'string' &&
    typeof (v as { jobTitle?: unknown }).jobTitle === 'string',
  { error: 'A referral request carries its job' },
);

/** One request as the lists answer it (the job carries every field of a job list's job). */
export const referralRequestSchema = z.object({
  _id: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
  expiresAt: z.string(),
  declineReason: z.enum(DECLINE_REASONS).nullable(),
  declineNote: z.string().nullable(),
  jobPostId: referralJobSchema,
  senderId: z.object({
    _id: z.string(),
    fullName: z.string(),
    email: z.string(),
    overAllExperience: z.number().nullable(),
    resumeLink: z.string().nullable(),
    skills: z.array(z.string()),
  }),
  recipientId: z.object({ _id: z.string(), fullName: z.string(), email: z.string() }),
});

export const referralRequestAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: referralRequestSchema,
});

export const referralRequestListAnswer = z.object({
  success: z.literal(true),
  data: z.array(referralRequestSchema),
});

export const referralCountsAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    total: z.number(),
    approved: z.number(),
    pending: z.number(),
    declined: z.number(),
    expired: z.number(),
  }),
});
