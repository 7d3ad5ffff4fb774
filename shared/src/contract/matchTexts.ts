// The match summary's texts (docs/decisions-referrer.md, "Match summary"), zod-free for the browser's main
// bundle: its statuses, its shape and how it reads, the same on the referrer's card and in the candidate's
// request dialog.
import type { ExperienceBand } from './lists';

/**
 * What reading a resume's text gave: `read`, or why it could not be read (the file is not a PDF; a broken or
 * password-protected PDF; a PDF without text, such as a scan; too slow or too large to read within the
 * limits).
 */
export const RESUME_TEXT_OUTCOMES = [
  'read',
  'not_pdf',
  'unreadable',
  'no_text',
  'too_slow',
  'too_large',
] as const;
export type ResumeTextOutcome = (typeof RESUME_TEXT_OUTCOMES)[number];

/** A summary's status: a reading's outcome, or `no_resume` (the request no longer keeps one). */
export const MATCH_STATUSES = [...RESUME_TEXT_OUTCOMES, 'no_resume'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/**
 * How a resume meets a job: the job's skills found in the resume's text and missing from it (the job's
 * spelling and order), and the whole years of experience the text shows (null: none), beside the job's
 * band. Only `status: 'read'` has skills and years.
 */
export interface MatchSummary {
  status: MatchStatus;
  matched: string[];
  missing: string[];
  years: number | null;
  jobExperience: ExperienceBand | null;
}

const COULD_NOT_READ: Record<Exclude<MatchStatus, 'read'>, string> = {
  not_pdf: "Couldn't read this resume: match summaries read PDF files only.",
  unreadable: "Couldn't read this resume: the PDF is damaged or password-protected.",
  no_text: "Couldn't read this resume: the PDF has no text (a scanned page?).",
  too_slow: "Couldn't read this resume: the PDF is too large or complex.",
  too_large: "Couldn't read this resume: the PDF is too large or complex.",
  no_resume: 'No resume is kept with this request.',
};

const band = (b: ExperienceBand) => b.replace('-', '–');

function skillsLine({ matched, missing }: MatchSummary): string {
  const total = matched.length + missing.length;
  if (total === 0) return 'The job lists no skills';
  const found = matched.length ? `: ${matched.join(', ')}` : '';
  const lacking = missing.length ? `; missing: ${missing.join(', ')}` : '';
  return `Matches ${matched.length} of ${total} skill${total === 1 ? '' : 's'}${found}${lacking}`;
}

function experienceLine({ years, jobExperience }: MatchSummary): string {
  const asks = jobExperience ? ` (job asks ${band(jobExperience)} years)` : '';
  if (years === null) return `Years of experience not found${asks}`;
  if (years < 1) return `Less than a year of experience${asks}`;
  return `About ${years} year${years === 1 ? '' : 's'} of experience${asks}`;
}

/** The summary as lines: skills, then experience; or the one sentence saying why there is none. */
export function matchSummaryLines(summary: MatchSummary): string[] {
  if (summary.status !== 'read') return [COULD_NOT_READ[summary.status]];
  return [skillsLine(summary), experienceLine(summary)];
}

/** The summary on one line ("Matches 4 of 6 skills: … · About 5 years of experience (job asks 3–6 years)"). */
export const matchSummaryText = (summary: MatchSummary): string =>
  matchSummaryLines(summary).join(' · ');
