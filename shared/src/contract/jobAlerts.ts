import './zodConfig';
import { z } from 'zod';
import { envelope, idSchema, messageEnvelope, searchSchema } from './common';
import { jobFiltersSchema } from './jobPost';
import { EXPERIENCE_BANDS, INDUSTRIES, JOB_LOCATIONS, JOB_TYPES } from './lists';
import { JOB_ALERT_FREQUENCIES, JOB_ALERT_SAVE_FREQUENCIES } from './jobAlertTexts';

const frequencyError = { error: 'Frequency must be instant, daily or paused' };

/**
 * POST /jobAlerts: an alert for the job list's current search and filters (the same fields as the list's
 * request), e-mailed instantly or daily. Saving the same search and filters again changes its frequency.
 */
export const createJobAlertRequest = z
  .object({
    search: searchSchema,
    frequency: z
      .enum(JOB_ALERT_SAVE_FREQUENCIES, { error: 'Frequency must be instant or daily' })
      .default('daily'),
  })
  .extend(jobFiltersSchema.shape);
export type CreateJobAlertRequest = z.input<typeof createJobAlertRequest>;

/** PUT /jobAlerts/:id: a new frequency ('paused' turns the alert off; it stays listed). */
export const updateJobAlertRequest = z.object({
  frequency: z.enum(JOB_ALERT_FREQUENCIES, frequencyError),
});
export type UpdateJobAlertRequest = z.input<typeof updateJobAlertRequest>;

/** PUT and DELETE /jobAlerts/:id */
export const jobAlertParams = z.object({ id: idSchema });

/** One alert as its owner sees it. */
export const jobAlertSchema = z
  .object({
    _id: z.string(),
    search: z.string(),
    filters: z.object({
      jobType: z.enum(JOB_TYPES).optional(),
      location: z.enum(JOB_LOCATIONS).optional(),
      industry: z.enum(INDUSTRIES).optional(),
      experience: z.enum(EXPERIENCE_BANDS).optional(),
      company: z.string().optional(),
    }),
    /** The filtered company's name (null without a company filter). */
    companyName: z.string().nullable(),
    frequency: z.enum(JOB_ALERT_FREQUENCIES),
    createdAt: z.string(),
  })
  .meta({ id: 'JobAlert' });
export type JobAlert = z.infer<typeof jobAlertSchema>;

/** GET /jobAlerts: the caller's alerts, newest first. */
export const jobAlertsAnswer = envelope(z.array(jobAlertSchema));

/** After a save or a change: the alert as it is now. */
export const jobAlertAnswer = messageEnvelope(jobAlertSchema);
