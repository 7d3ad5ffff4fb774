import './zod-config';
import { z } from 'zod';
import { idSchema } from './common';
import { EXPERIENCE_BANDS, INDUSTRIES, JOB_LOCATIONS, JOB_STATUSES, JOB_TYPES } from './lists';
import type { JobPost } from './jobPost';
import type { ReferrerResponsiveness } from './responsiveness';

/** A referrer's responsiveness figures as answered (see ./responsiveness.ts). */
export const referrerResponsivenessSchema = z.object({
  received: z.number().int().min(0),
  answered: z.number().int().min(0),
  medianAnswerSeconds: z.number().min(0).nullable(),
}) satisfies z.ZodType<ReferrerResponsiveness>;

/** A job post as lists answer it (`JobPost`), for routes' response schemas. */
export const jobPostSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  jobTitle: z.string(),
  companyName: z.string(),
  jobLocation: z.enum(JOB_LOCATIONS),
  address: z.string(),
  companyLogo: z.string(),
  logo: z.string().nullable().optional(),
  industry: z.enum(INDUSTRIES),
  experience: z.enum(EXPERIENCE_BANDS),
  jobType: z.enum(JOB_TYPES),
  salaryRange: z.string(),
  requiredSkills: z.array(z.string()),
  jobDescription: z.array(z.string()),
  notes: z.array(z.string()),
  status: z.enum(JOB_STATUSES),
  totalReferrals: z.number(),
  referralBonus: z.number(),
  createdAt: z.string(),
  isApplied: z.boolean(),
  responsiveness: referrerResponsivenessSchema.optional(),
}) satisfies z.ZodType<JobPost>;

/** GET /referralRequest/handoff/:requestId */
export const handoffParams = z.object({ requestId: idSchema });
export type HandoffParams = z.input<typeof handoffParams>;

/**
 * The active jobs of other referrers at the company of a declined (expired, withdrawn) request: the
 * same title first, then the most responsive referrers, then newest.
 */
export interface Handoff {
  requestId: string;
  companyName: string;
  jobs: JobPost[];
}

export const handoffResponse = z.object({
  success: z.literal(true),
  data: z.object({
    requestId: z.string(),
    companyName: z.string(),
    jobs: z.array(jobPostSchema),
  }),
}) satisfies z.ZodType<{ success: true; data: Handoff }>;

/** GET /referralRequest/getResponsiveness/:userId (a referrer's own figures, for their dashboard). */
export const responsivenessParams = z.object({ userId: idSchema });

export const responsivenessResponse = z.object({
  success: z.literal(true),
  data: referrerResponsivenessSchema,
});
