// Saved jobs' numbers and texts, without zod: the browser's main bundle takes them (browser.ts).

/** Saved jobs per page in the candidate's Saved jobs tab (and the most one page may ask for). */
export const SAVED_JOBS_PAGE_SIZE = 10;
export const SAVED_JOBS_PAGE_MAX = 50;
/** The most job ids one "which of these are saved" question may name (a list page's cards). */
export const SAVED_JOBS_WHICH_MAX = 100;

export const SAVED_JOB_MESSAGES = {
  saved: 'Job saved',
  removed: 'Job removed from your saved jobs',
  jobNotFound: 'This job does not exist or was removed',
} as const;
