import './zodConfig';
import { z } from 'zod';
import { idSchema } from './common';
import { jobPostSchema, referrerResponsivenessSchema, type JobPost } from './jobPost';

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
  success: z.boolean(),
  data: z.object({
    requestId: z.string(),
    companyName: z.string(),
    jobs: z.array(jobPostSchema),
  }),
}) satisfies z.ZodType<{ success: boolean; data: Handoff }>;

/** GET /referralRequest/getResponsiveness/:userId (a referrer's own figures, for their dashboard). */
export const responsivenessParams = z.object({ userId: idSchema });

export const responsivenessResponse = z.object({
  success: z.boolean(),
  data: referrerResponsivenessSchema,
});
