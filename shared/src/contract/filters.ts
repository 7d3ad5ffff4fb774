// Job list filters as plain values (no zod): the URL keys, how a query string reads into filters, labels.
// The API validates the same fields with `jobFiltersSchema` (./jobPost.ts).
import {
  EXPERIENCE_BANDS,
  INDUSTRIES,
  JOB_LOCATIONS,
  JOB_TYPES,
  type ExperienceBand,
  type Industry,
  type JobLocation,
  type JobType,
} from './lists';

/** Filters of the job lists; each is optional and they combine with the search text (AND). */
export interface JobFilters {
  jobType?: JobType;
  /** The location type (On-site, Remote, Hybrid): the job's `jobLocation`. */
  location?: JobLocation;
  industry?: Industry;
  experience?: ExperienceBand;
  /** A company's id. */
  company?: string;
}

/** The URL and request keys of the filters, in the order the chips show them. */
export const JOB_FILTER_KEYS = [
  'jobType',
  'location',
  'industry',
  'experience',
  'company',
] as const;
export type JobFilterKey = (typeof JOB_FILTER_KEYS)[number];

export const INDUSTRY_LABELS: Record<Industry, string> = {
  it: 'IT',
  marketing: 'Marketing',
  finance: 'Finance',
  sales: 'Sales',
};

/** Readable label of an industry value ('it' → 'IT'); unknown values as they are. */
export const industryLabel = (value: string | null | undefined): string =>
  (value && INDUSTRY_LABELS[value as Industry]) || value || '';

/** '3-6' → '3-6 years'. */
export const experienceLabel = (band: string | null | undefined): string =>
  band ? `${band} years` : '';

/** What each filter is called on screen. */
export const JOB_FILTER_NAMES: Record<JobFilterKey, string> = {
  jobType: 'Job type',
  location: 'Location type',
  industry: 'Industry',
  experience: 'Experience',
  company: 'Company',
};

/** The values each select offers (the company comes from a company tile, not from a list). */
export const JOB_FILTER_OPTIONS = {
  jobType: JOB_TYPES.map((v) => ({ value: v, label: v })),
  location: JOB_LOCATIONS.map((v) => ({ value: v, label: v })),
  industry: INDUSTRIES.map((v) => ({ value: v, label: INDUSTRY_LABELS[v] })),
  experience: EXPERIENCE_BANDS.map((v) => ({ value: v, label: experienceLabel(v) })),
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const oneOf = <T extends string>(values: readonly T[], raw: string | null | undefined) =>
  raw && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

/**
 * Filters from a query string (or anything with `get`): values the API would refuse (a typo, an edited
 * URL) are dropped, so a bad link shows the unfiltered list instead of an error.
 */
export function readJobFilters(params: { get(key: string): string | null }): JobFilters {
  const out: JobFilters = {};
  const jobType = oneOf(JOB_TYPES, params.get('jobType'));
  const location = oneOf(JOB_LOCATIONS, params.get('location'));
  const industry = oneOf(INDUSTRIES, params.get('industry'));
  const experience = oneOf(EXPERIENCE_BANDS, params.get('experience'));
  const company = params.get('company');
  if (jobType) out.jobType = jobType;
  if (location) out.location = location;
  if (industry) out.industry = industry;
  if (experience) out.experience = experience;
  if (company && UUID.test(company)) out.company = company.toLowerCase();
  return out;
}

/** The label a chip shows for a filter's value (`companyName` when the list knows it). */
export function jobFilterValueLabel(
  key: JobFilterKey,
  value: string,
  companyName?: string | null,
): string {
  if (key === 'industry') return industryLabel(value);
  if (key === 'experience') return experienceLabel(value);
  if (key === 'company') return companyName || 'Selected company';
  return value;
}

/** "1,000+ jobs", "12 jobs", "1 job". */
export function jobCountLabel(total: number, capped: boolean): string {
  const n = total.toLocaleString('en-US');
  if (capped) return `${n}+ jobs`;
  return `${n} ${total === 1 ? 'job' : 'jobs'}`;
}

/** The filters that are set, as request fields (nothing for the unset ones). */
export function filterFields(filters: JobFilters): JobFilters {
  const out: JobFilters = {};
  for (const k of JOB_FILTER_KEYS) {
    const v = filters[k];
    if (v) (out as Record<string, string>)[k] = v;
  }
  return out;
}
