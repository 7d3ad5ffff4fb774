// Job alerts' numbers, texts and plain helpers, without zod: the browser's main bundle takes them
// (browser.ts), the API's mails and routes take the same (docs/notifications.md, "Job alerts").
import {
  experienceLabel,
  industryLabel,
  JOB_FILTER_KEYS,
  type JobFilterKey,
  type JobFilters,
} from './filters';

/** How often an alert e-mails: at once, one digest a day, or not at all (paused: turned off, kept). */
export const JOB_ALERT_FREQUENCIES = ['instant', 'daily', 'paused'] as const;
export type JobAlertFrequency = (typeof JOB_ALERT_FREQUENCIES)[number];

/** What a new alert may be saved with (an alert is paused later, never saved paused). */
export const JOB_ALERT_SAVE_FREQUENCIES = ['instant', 'daily'] as const;
export type JobAlertSaveFrequency = (typeof JOB_ALERT_SAVE_FREQUENCIES)[number];

/** The most alerts one person may keep (paused ones count: they are still theirs to turn on). */
export const JOB_ALERT_MAX = 20;

/** The most jobs one alert e-mail lists; the rest are behind its "See all" link. */
export const JOB_ALERT_MAIL_JOBS_MAX = 20;

export const JOB_ALERT_FREQUENCY_LABELS: Record<JobAlertFrequency, string> = {
  instant: 'Instant',
  daily: 'Daily',
  paused: 'Paused',
};

export const JOB_ALERT_FREQUENCY_HINTS: Record<JobAlertFrequency, string> = {
  instant: 'An e-mail as soon as a matching job is posted',
  daily: 'One e-mail a day with the new matching jobs',
  paused: 'No e-mails until you choose Instant or Daily again',
};

export const JOB_ALERT_MESSAGES = {
  saved: 'Job alert saved. You can change it on your profile.',
  updated: 'Job alert updated',
  deleted: 'Job alert deleted',
  tooMany: `You can have at most ${JOB_ALERT_MAX} job alerts. Delete one on your profile to add another.`,
  nothingToAlert: 'Search for something or choose a filter to get alerts for.',
  notFound: 'This job alert does not exist.',
  companyNotFound: 'This company does not exist.',
  badToken: 'This unsubscribe link is not valid.',
  unsubscribed: (label: string) => `You will no longer get e-mails for the job alert ${label}.`,
  gone: 'This job alert was deleted: it sends no more e-mails.',
} as const;

/** What an alert looks for: the job list's search and filters. */
export interface JobAlertSearch {
  search: string;
  filters: JobFilters;
}

/** An alert's search and filters, and the filtered company's name. */
export interface JobAlertCriteria extends JobAlertSearch {
  companyName?: string | null;
}

/** Whether a search has anything to search by (a letter or a digit), as the job list reads it. */
export const hasAlertWords = (search: string): boolean => /[\p{L}\p{N}]/u.test(search);

/** Whether these criteria narrow the jobs at all (an alert for every new job is not offered). */
export const alertHasCriteria = (c: JobAlertSearch): boolean =>
  hasAlertWords(c.search) || JOB_FILTER_KEYS.some((k) => c.filters[k]);

/** Whether the criteria are one company's jobs and nothing else ("Alert me about jobs at X"). */
export const isCompanyAlert = (c: JobAlertSearch): boolean =>
  Boolean(c.filters.company) &&
  !hasAlertWords(c.search) &&
  JOB_FILTER_KEYS.every((k) => k === 'company' || !c.filters[k]);

const filterLabel = (key: Exclude<JobFilterKey, 'company'>, value: string): string => {
  if (key === 'industry') return industryLabel(value);
  if (key === 'experience') return experienceLabel(value);
  return value;
};

/**
 * An alert as people read it, the same in the profile's list and in its e-mails:
 * `"react developer" at Acme Corp · Remote · Full-time`, `Jobs at Acme Corp`, `New jobs · Remote`.
 */
export function jobAlertLabel(c: JobAlertCriteria): string {
  const company = c.filters.company ? c.companyName || 'the selected company' : null;
  const search = c.search.trim();
  const head = search
    ? `"${search}"${company ? ` at ${company}` : ''}`
    : company
      ? `Jobs at ${company}`
      : 'New jobs';
  const rest = JOB_FILTER_KEYS.flatMap((k) =>
    k !== 'company' && c.filters[k] ? [filterLabel(k, c.filters[k])] : [],
  );
  return [head, ...rest].join(' · ');
}

/** The public job list showing an alert's search and filters (the mails' and the profile's "See jobs"). */
export function jobAlertListPath(c: JobAlertSearch): string {
  const q = new URLSearchParams();
  if (c.search.trim()) q.set('search', c.search.trim());
  for (const k of JOB_FILTER_KEYS) {
    const v = c.filters[k];
    if (v) q.set(k, v);
  }
  const query = q.toString();
  return query ? `/company-list?${query}` : '/company-list';
}

/** Where a person manages their alerts (the candidate profile's "Job alerts" section). */
export const JOB_ALERTS_SETTINGS_PATH = '/dashboard/profile#job-alerts';
