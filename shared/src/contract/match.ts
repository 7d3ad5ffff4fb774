import './zodConfig';
import { z } from 'zod';
import { envelope, idSchema } from './common';
import { EXPERIENCE_BANDS } from './lists';
import { MATCH_STATUSES, type MatchSummary } from './matchTexts';

/**
 * How a resume meets a job (docs/decisions-referrer.md, "Match summary"): the job's skills found in the
 * resume's text and missing from it (the job's spelling and order), and the years of experience the text
 * shows, beside the job's band. Only `status: 'read'` has skills and years.
 */
export const matchSummarySchema = z
  .object({
    status: z.enum(MATCH_STATUSES),
    matched: z.array(z.string()),
    missing: z.array(z.string()),
    /** Whole years of experience the resume shows; null when it shows none. */
    years: z.number().int().nullable(),
    /** The job's required experience band ('3-6'). */
    jobExperience: z.enum(EXPERIENCE_BANDS).nullable(),
  })
  .meta({ id: 'MatchSummary' }) satisfies z.ZodType<MatchSummary>;

/** GET /referralRequest/matchSummary/:id and GET /referralRequest/matchPreview */
export const matchSummaryAnswer = envelope(matchSummarySchema);

/** GET /referralRequest/matchPreview?jobPostId&resumeId: one of the caller's named resumes against a job. */
export const matchPreviewRequest = z.object({
  jobPostId: idSchema,
  resumeId: idSchema.describe("One of the caller's resumes (its `_id`)"),
});
export type MatchPreviewRequest = z.input<typeof matchPreviewRequest>;
