import './zodConfig';
import { z } from 'zod';
import {
  JOB_FETCH_LIMIT,
  MESSAGES,
  SIMILAR_JOB_COUNT,
  SIMILAR_JOBS_MAX,
  SUGGEST_MAX_LENGTH,
  SUGGESTION_KINDS,
} from './constants';
import { verifiedAtCompanySchema } from './companies';
import type { ReferrerResponsiveness } from './responsiveness';
import {
  envelope,
  idSchema,
  limitSchema,
  messageEnvelope,
  searchSchema,
  startSchema,
} from './common';
import { workEmailHistoryEntrySchema } from './account';
import { EXPERIENCE_BANDS, INDUSTRIES, JOB_LOCATIONS, JOB_STATUSES, JOB_TYPES } from './lists';

/** A job post as lists show it (document 2 §3). */
/** A referrer's responsiveness figures as answered (see ./responsiveness.ts). */
export const referrerResponsivenessSchema = z
  .object({
    received: z.number().int().min(0),
    answered: z.number().int().min(0),
    medianAnswerSeconds: z.number().min(0).nullable(),
  })
  .meta({ id: 'ReferrerResponsiveness' }) satisfies z.ZodType<ReferrerResponsiveness>;

export const jobPostSchema = z
  .object({
    _id: z.string(),
    /** The referrer who posted it. */
    userId: z.string().describe('The referrer who posted it'),
    jobTitle: z.string(),
    companyName: z.string(),
    /** Its company's id (its page: `/company/<id>/<slug>`); null when the company is gone. */
    companyId: z
      .string()
      .nullable()
      .optional()
      .describe("Its company's id (the company's page), or null"),
    jobLocation: z.enum(JOB_LOCATIONS),
    address: z.string(),
    companyLogo: z.string(),
    logo: z.string().nullable().optional(),
    industry: z.enum(INDUSTRIES),
    experience: z.enum(EXPERIENCE_BANDS),
    jobType: z.enum(JOB_TYPES),
    /** Free text in LPA, e.g. '12-18'. */
    salaryRange: z.string().describe("Free text in LPA, e.g. '12-18'"),
    requiredSkills: z.array(z.string()),
    jobDescription: z.array(z.string()),
    /** Shown as responsibilities. */
    notes: z.array(z.string()).describe('Shown as responsibilities'),
    status: z.enum(JOB_STATUSES),
    totalReferrals: z.number().int(),
    referralBonus: z.number().int(),
    createdAt: z.string(),
    /** Whether the signed-in candidate already requested a referral for it. */
    isApplied: z
      .boolean()
      .describe('Whether the signed-in candidate already requested a referral for it'),
    /** Whether its poster is verified at its company ("Verified at {company}"). */
    verifiedAtCompany: verifiedAtCompanySchema.describe(
      "Whether its poster's domain is the company's: confirmed (by an operator or the seed), unconfirmed (a referrer's own claim) or null",
    ),
    /**
     * The domain of its poster's current verified work e-mail ("Verified · @acme.com"); null when
     * they have none. "Verified at {company}" needs `verifiedAtCompany` 'confirmed' as well.
     */
    verifiedDomain: z
      .string()
      .nullable()
      .optional()
      .describe("The domain of its poster's current verified work e-mail, or null"),
    /** How the referrer who posted it answers requests (lists and details; see ./responsiveness.ts). */
    responsiveness: referrerResponsivenessSchema
      .optional()
      .describe('How the referrer who posted it answers requests, over the last 90 days'),
  })
  .meta({ id: 'JobPost' });
export type JobPost = z.infer<typeof jobPostSchema>;

/**
 * The referrer as job details show it. Contact details only where earned (docs/trust-and-safety.md):
 * `email` is '' and `workEmailHistory` empty except to the job's poster and to a candidate whose
 * request the referrer approved; the page shows the name and the verified domain instead.
 */
export const jobPostReferrerSchema = z.object({
  _id: z.string(),
  email: z
    .string()
    .describe(
      "The referrer's e-mail: '' unless the viewer posted the job or had a request approved",
    ),
  fullName: z.string(),
  position: z.string(),
  profileLink: z.string().nullable(),
  workEmailHistory: z
    .array(workEmailHistoryEntrySchema)
    .describe('Empty unless the viewer posted the job or had a request approved'),
});
export type JobPostReferrer = z.infer<typeof jobPostReferrerSchema>;

/** GET /jobPost/GetById/:jobId/:userId: in job details `userId` is the referrer object. */
export const jobPostDetailsSchema = jobPostSchema
  .extend({ userId: jobPostReferrerSchema })
  .meta({ id: 'JobPostDetails' });
export type JobPostDetails = z.infer<typeof jobPostDetailsSchema>;

/**
 * GET /jobPost/public/:jobId: a job post as anyone may see it (its page for signed-out visitors, its share
 * image): no referrer contact, `isApplied` false, with its last write (`updatedAt`).
 */
export const publicJobPostSchema = jobPostSchema
  .extend({ updatedAt: z.string().describe('When the post was last written (ISO 8601)') })
  .meta({ id: 'PublicJobPost' });
export type PublicJobPost = z.infer<typeof publicJobPostSchema>;
export const publicJobPostAnswer = envelope(publicJobPostSchema);

/** The most URLs one sitemap file may list (the sitemap protocol's limit). */
export const SITEMAP_PAGE_SIZE = 50_000;

/** GET /jobPost/sitemap: one page of active posts in id order, after the id `after` (keyset). */
export const sitemapJobsRequest = z.object({
  after: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(SITEMAP_PAGE_SIZE).default(SITEMAP_PAGE_SIZE),
});
export const sitemapJobsAnswer = envelope(
  z.array(z.object({ _id: z.string(), lastmod: z.string().describe('Last write (ISO 8601)') })),
);
export const SUGGEST_TOO_LONG = `Type at most ${SUGGEST_MAX_LENGTH} characters for suggestions`;

/** GET /jobPost/suggest?q=: what is typed, trimmed; empty (or only punctuation) answers no suggestions. */
export const jobSuggestRequest = z.object({
  q: z.string().trim().max(SUGGEST_MAX_LENGTH, SUGGEST_TOO_LONG).optional().default(''),
});
export type JobSuggestRequest = z.input<typeof jobSuggestRequest>;
export const jobSuggestionSchema = z
  .object({
    kind: z.enum(SUGGESTION_KINDS),
    label: z.string().describe('What the search box takes when it is picked, as written in a post'),
    companyId: z.string().optional().describe("A company: its id (the list's `company` filter)"),
    jobs: z.number().int().describe('Listed posts that have it'),
  })
  .meta({ id: 'JobSuggestion' });
export type JobSuggestion = z.infer<typeof jobSuggestionSchema>;
/** At most SUGGEST_MAX suggestions, most posts first. */
export const jobSuggestAnswer = envelope(z.array(jobSuggestionSchema));
export type JobSuggestAnswer = z.infer<typeof jobSuggestAnswer>;

/** GET /jobPost/sitemap/pages: the active posts' number and each sitemap page's `after` (null: the first). */
export const sitemapPagesRequest = z.object({
  size: z.coerce.number().int().min(1).max(SITEMAP_PAGE_SIZE).default(SITEMAP_PAGE_SIZE),
});
export const sitemapPagesAnswer = z.object({
  success: z.boolean(),
  total: z.number().int(),
  afters: z.array(z.string().nullable()),
});

/** The filtered company of a job list. */
export const listCompanySchema = z.object({ _id: z.string(), companyName: z.string() });

/** Answer of the list calls: `{ success, data, total }`; the client hands `{ data, total }` on. */
export interface ListAnswer<T> {
  data: T[];
  /** Matches, exact up to the server's bound; the bound itself when `totalCapped`. */
  total: number;
  /** More than `total` jobs match (the count stopped at the bound: "1,000+ jobs"). */
  totalCapped?: boolean;
  /** The filtered company, when the request had a `company` filter and it exists. */
  company?: { _id: string; companyName: string } | null;
}

/** POST /jobPost/getAllJobPost and getAllJobPostByUserId: one page of job posts. */
export const jobListAnswer = z.object({
  success: z.boolean().describe('Always true'),
  data: z.array(jobPostSchema),
  total: z
    .number()
    .int()
    .describe("Matches, exact up to the server's bound; the bound itself when totalCapped"),
  totalCapped: z.boolean().describe('More than `total` jobs match ("1,000+ jobs")'),
  company: listCompanySchema
    .nullable()
    .optional()
    .describe('The filtered company (with a `company` filter; null when it does not exist)'),
  start: z.number().int(),
  limit: z.number().int(),
});
/**
 * GET /jobPost/similar `?jobId=&limit=`: active jobs like the job `jobId` (same company, shared title words
 * and skills; docs/search-features.md "Similar jobs"); without `jobId`, or for a job that does not exist, the newest
 * active jobs (the "Job not found" page).
 */
export const similarJobsRequest = z.object({
  jobId: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(SIMILAR_JOBS_MAX).default(SIMILAR_JOB_COUNT),
});
export type SimilarJobsRequest = z.input<typeof similarJobsRequest>;
/** What the list is: jobs like the given one, or the newest (no job, or an unknown one). */
export const SIMILAR_BASES = ['similar', 'newest'] as const;
export type SimilarBasis = (typeof SIMILAR_BASES)[number];
export const similarJobsAnswer = z.object({
  success: z.boolean(),
  basis: z.enum(SIMILAR_BASES),
  data: z.array(jobPostSchema),
});
export interface SimilarJobs {
  basis: SimilarBasis;
  data: JobPost[];
}

/** GET /jobPost/getJobsByCandidate */
export const jobPostsAnswer = envelope(z.array(jobPostSchema));
/** GET /jobPost/GetById */
export const jobPostDetailsAnswer = envelope(jobPostDetailsSchema);
/** createJobPost, updateById, updateStatus: the saved post. */
export const jobPostSavedAnswer = messageEnvelope(jobPostSchema.nullable());

const step1Message = MESSAGES.step1Required;
const step2Message = MESSAGES.step2Required;

const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);
const oneOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });
const textList = (message: string, maxItems: number, maxLen: number) =>
  z
    .array(z.string({ error: message }).trim().min(1, message).max(maxLen, message), {
      error: message,
    })
    .min(1, message)
    .max(maxItems, message);

/**
 * A job's logo: empty (the company's own is shown) or an inline image (`data:image/…`). An address on
 * another server is refused: every visitor's browser would fetch it, which makes it a tracking pixel.
 */
export const companyLogoSchema = z
  .string({ error: 'The company logo must be an inline image.' })
  .trim()
  .max(500, 'The company logo is too large.')
  .refine(
    (v) => v === '' || /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(v),
    'The company logo must be an inline image.',
  )
  .optional()
  .default('');

/** At most ₹10,000,000: the bonus column is a 32-bit integer, and no real bonus comes near. */
export const REFERRAL_BONUS_MAX = 10_000_000;

/** Create-job wizard, step 1 (field names as the wizard's form holds them). */
export const jobWizardStep1Schema = z.object({
  companyName: requiredText(step1Message),
  jobTitle: requiredText(step1Message),
  jobLocationType: oneOf(JOB_LOCATIONS, step1Message),
  industry: oneOf(INDUSTRIES, step1Message),
  jobType: oneOf(JOB_TYPES, step1Message),
  jobAddress: requiredText(step1Message, 300),
});
export type JobWizardStep1 = z.input<typeof jobWizardStep1Schema>;

/** Create-job wizard, step 2. */
export const jobWizardStep2Schema = z.object({
  jobDescription: textList(step2Message, 50, 1000),
  experience: oneOf(EXPERIENCE_BANDS, step2Message),
  requiredSkills: textList(step2Message, 50, 60),
  salaryRange: requiredText(step2Message, 50),
  notes: textList(step2Message, 50, 1000),
});
export type JobWizardStep2 = z.input<typeof jobWizardStep2Schema>;

/** POST /jobPost/createJobPost. `userId` is the poster; the server takes it from the session. */
export const createJobPostRequest = z.object({
  userId: idSchema.optional(),
  jobTitle: requiredText(step1Message),
  companyName: requiredText(step1Message),
  jobLocation: oneOf(JOB_LOCATIONS, step1Message),
  address: requiredText(step1Message, 300),
  companyLogo: companyLogoSchema,
  industry: oneOf(INDUSTRIES, step1Message),
  experience: oneOf(EXPERIENCE_BANDS, step2Message),
  jobType: oneOf(JOB_TYPES, step1Message),
  salaryRange: requiredText(step2Message, 50),
  requiredSkills: textList(step2Message, 50, 60),
  jobDescription: textList(step2Message, 50, 1000),
  notes: textList(step2Message, 50, 1000),
  referralBonus: z
    .number({ error: 'Referral bonus must be a number' })
    .int('Referral bonus must be a whole number')
    .min(0, 'Referral bonus cannot be negative')
    .max(REFERRAL_BONUS_MAX, `Referral bonus must be at most ${REFERRAL_BONUS_MAX}`)
    .optional(),
});
export type CreateJobPostRequest = z.input<typeof createJobPostRequest>;

/** The create payload from the wizard's two steps. */
export function toCreateJobPostRequest(
  step1: JobWizardStep1,
  step2: JobWizardStep2,
  userId?: string,
): CreateJobPostRequest {
  return {
    ...(userId ? { userId } : {}),
    jobTitle: step1.jobTitle.trim(),
    companyName: step1.companyName.trim(),
    jobLocation: step1.jobLocationType,
    address: step1.jobAddress.trim(),
    companyLogo: '',
    industry: step1.industry,
    experience: step2.experience,
    jobType: step1.jobType,
    salaryRange: step2.salaryRange.trim(),
    requiredSkills: step2.requiredSkills,
    jobDescription: step2.jobDescription,
    notes: step2.notes,
  };
}

/** PUT /jobPost/updateById/:id */
export const updateJobPostRequest = z.object({
  jobTitle: requiredText('Job title is required'),
  companyName: requiredText('Company name is required'),
  jobLocation: oneOf(JOB_LOCATIONS, 'Please choose a job location'),
  address: requiredText('Address is required', 300),
  companyLogo: companyLogoSchema,
  jobType: oneOf(JOB_TYPES, 'Please choose a job type'),
  salaryRange: requiredText('Salary range is required', 50),
  requiredSkills: textList('Add at least one skill', 50, 60),
  jobDescription: textList('Add a job description', 50, 1000),
  notes: textList('Add at least one note', 50, 1000),
  industry: oneOf(INDUSTRIES, 'Please choose an industry').optional(),
  experience: oneOf(EXPERIENCE_BANDS, 'Please choose the experience').optional(),
});
export type UpdateJobPostRequest = z.input<typeof updateJobPostRequest>;

/** PUT /jobPost/updateStatus/:id */
export const updateJobStatusRequest = z.object({
  status: z.enum(JOB_STATUSES, { error: 'Status must be active or inactive' }),
});
export type UpdateJobStatusRequest = z.input<typeof updateJobStatusRequest>;

/** An optional filter: absent, null or '' mean "any". */
const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** The job list filters (see ./filters.ts), each optional; they combine with the search (AND). */
export const jobFiltersSchema = z.object({
  jobType: optionalFilter(
    z.enum(JOB_TYPES, { error: `Job type must be one of: ${JOB_TYPES.join(', ')}` }),
  ),
  location: optionalFilter(
    z.enum(JOB_LOCATIONS, { error: `Location type must be one of: ${JOB_LOCATIONS.join(', ')}` }),
  ),
  industry: optionalFilter(
    z.enum(INDUSTRIES, { error: `Industry must be one of: ${INDUSTRIES.join(', ')}` }),
  ),
  experience: optionalFilter(
    z.enum(EXPERIENCE_BANDS, {
      error: `Experience must be one of: ${EXPERIENCE_BANDS.join(', ')}`,
    }),
  ),
  company: optionalFilter(z.uuid({ error: 'Company must be a company id' })),
});

/**
 * POST /jobPost/getAllJobPost (seekers; `userId` marks the jobs they applied to). The spec's
 * `{ search, start, limit, userId }` plus the optional filters.
 */
export const getAllJobPostRequest = z
  .object({
    search: searchSchema,
    start: startSchema,
    limit: limitSchema(JOB_FETCH_LIMIT, JOB_FETCH_LIMIT),
    userId: idSchema.optional(),
  })
  .extend(jobFiltersSchema.shape);
export type GetAllJobPostRequest = z.input<typeof getAllJobPostRequest>;

/** POST /jobPost/getAllJobPostByUserId (a referrer's own posts; optional lowercase status, filters). */
export const getAllJobPostByUserIdRequest = z
  .object({
    userId: idSchema,
    search: searchSchema,
    start: startSchema,
    limit: limitSchema(JOB_FETCH_LIMIT, JOB_FETCH_LIMIT),
    status: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(JOB_STATUSES, { error: 'Status must be active or inactive' }))
      .optional(),
  })
  .extend(jobFiltersSchema.shape);
export type GetAllJobPostByUserIdRequest = z.input<typeof getAllJobPostByUserIdRequest>;
