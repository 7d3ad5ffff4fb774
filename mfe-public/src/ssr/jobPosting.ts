// A job page's head (docs/seo.md): its title, description, share image and, for an open job, the JobPosting
// structured data Google's job results read (https://developers.google.com/search/docs/appearance/structured-data/job-posting).
// Used by the server render (ssr/index.tsx) and by the page in the browser (its title and description).
import {
  formatJobLocation,
  formatLpa,
  paths,
  type PageHead,
  type PublicJobPost,
} from '@referio/shared';

const site = (name: string) => `${name} — Referio`;

/** Referio lists jobs in India: salaries in LPA (lakh rupees a year), places in India (spec document 2 §6). */
const COUNTRY = 'IN';
const LAKH = 100_000;
/** How long an open job's `validThrough` reaches past the render (docs/seo.md: jobs have no end date). */
export const VALID_DAYS = 30;

export const JOB_NOT_FOUND_HEAD: PageHead = {
  title: site('Job not found'),
  description: 'This job does not exist or was removed. Browse the open jobs on Referio.',
};

/** The share image of a job (rendered by the shell's server, 1200×630 PNG). */
export const jobImagePath = (id: string) => `/og/job/${encodeURIComponent(id)}.png`;

const EMPLOYMENT_TYPES: Record<string, string> = {
  'Full-time': 'FULL_TIME',
  'Part-time': 'PART_TIME',
  Contract: 'CONTRACTOR',
};

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;

/** What a job's head is made of (a public job or the signed-in details alike). */
type HeadFields = Pick<
  PublicJobPost,
  | 'jobTitle'
  | 'companyName'
  | 'jobLocation'
  | 'address'
  | 'jobType'
  | 'salaryRange'
  | 'jobDescription'
  | 'status'
>;

export const isOpen = (job: Pick<PublicJobPost, 'status'>) => job.status !== 'inactive';

/** A job's place, type and salary in one line ("Pune, Maharashtra · Full-time · 12-18 LPA"). */
export const jobFacts = (
  job: Pick<PublicJobPost, 'jobLocation' | 'address' | 'jobType' | 'salaryRange'>,
): string =>
  [formatJobLocation(job.jobLocation, job.address), job.jobType, formatLpa(job.salaryRange)]
    .filter(Boolean)
    .join(' · ');

/** The job's title and description as its page and its sharing tags give them. */
export function jobHead(job: HeadFields): PageHead {
  const facts = jobFacts(job);
  const lead = job.jobDescription.find((line) => line.trim())?.trim() ?? '';
  const state = isOpen(job)
    ? 'Ask the employee who posted it to refer you.'
    : 'This job is closed.';
  return {
    title: site(`${job.jobTitle} at ${job.companyName}`),
    description: clip(`${facts}. ${state} ${lead}`.trim(), 200),
  };
}

/** '12-18', '₹12 - 18 LPA', '20' → yearly rupees; null when the text is not a number or range of lakhs. */
export function salaryOf(
  range: string,
): { minValue: number; maxValue: number } | { value: number } | null {
  const m = /^\s*₹?\s*(\d+(?:\.\d+)?)\s*(?:[-–]\s*(\d+(?:\.\d+)?))?\s*(?:LPA)?\s*$/i.exec(range);
  if (!m) return null;
  const low = Math.round(Number(m[1]) * LAKH);
  if (!m[2]) return low > 0 ? { value: low } : null;
  const high = Math.round(Number(m[2]) * LAKH);
  return high >= low && low > 0 ? { minValue: low, maxValue: high } : null;
}

const escapeText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The job's description as HTML (Google allows <p>, <ul>, <li>, <br>): description, responsibilities, skills. */
function descriptionHtml(job: PublicJobPost): string {
  const list = (items: string[]) =>
    `<ul>${items.map((i) => `<li>${escapeText(i)}</li>`).join('')}</ul>`;
  const parts = [`<p>${escapeText(`${job.jobTitle} at ${job.companyName}.`)}</p>`];
  if (job.jobDescription.length) parts.push(list(job.jobDescription));
  if (job.notes.length) parts.push('<p>Responsibilities</p>', list(job.notes));
  if (job.requiredSkills.length)
    parts.push(`<p>Skills: ${escapeText(job.requiredSkills.join(', '))}</p>`);
  return parts.join('');
}

/**
 * The JobPosting of an open job; null for a closed one (docs/seo.md: a closed job's page stays for people and
 * drops its structured data, which Google reads as the posting's end). `origin` is the site's.
 */
export function jobPostingLd(
  job: PublicJobPost,
  origin: string,
  now: Date = new Date(),
): Record<string, unknown> | null {
  if (!isOpen(job)) return null;
  const url = `${origin}${paths.jobDetails(job._id)}`;
  const salary = salaryOf(job.salaryRange);
  const logo = job.logo || job.companyLogo;
  const remote = job.jobLocation === 'Remote';
  const place = job.address.trim();
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.jobTitle,
    description: descriptionHtml(job),
    identifier: { '@type': 'PropertyValue', name: 'Referio', value: job._id },
    datePosted: job.createdAt,
    validThrough: new Date(now.getTime() + VALID_DAYS * 86_400_000).toISOString(),
    employmentType: EMPLOYMENT_TYPES[job.jobType] ?? 'OTHER',
    hiringOrganization: {
      '@type': 'Organization',
      name: job.companyName,
      ...(logo && /^https:\/\//.test(logo) ? { logo } : {}),
    },
    ...(remote
      ? {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: { '@type': 'Country', name: 'India' },
        }
      : {
          jobLocation: {
            '@type': 'Place',
            address: {
              '@type': 'PostalAddress',
              ...(place ? { addressLocality: place } : {}),
              addressCountry: COUNTRY,
            },
          },
        }),
    ...(salary
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: 'INR',
            value: { '@type': 'QuantitativeValue', ...salary, unitText: 'YEAR' },
          },
        }
      : {}),
    industry: job.industry,
    skills: job.requiredSkills.join(', '),
    directApply: false,
    url,
  };
}
