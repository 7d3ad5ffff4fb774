// The site's addresses, typed: every link and redirect in the shell and the remotes is built here, so a
// renamed route breaks the build instead of a link. The shell's route table (shell/src/routes/paths.ts)
// maps the same addresses to the remote page modules; a test there checks both agree.
import type { DashboardPageKey } from '../contract/constants';

const withQuery = (path: string, query?: Record<string, string | undefined>): string => {
  const q = Object.entries(query ?? {})
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v ?? '')}`)
    .join('&');
  return q ? `${path}?${q}` : path;
};

/**
 * The readable part of a company page's address (`/company/<id>/<slug>`): the name's letters and digits,
 * lower-case, accents dropped, runs of anything else one '-', at most 60 characters. The id alone decides
 * the page; the slug only reads well (a renamed company's old links keep working).
 */
export function companySlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
}

/** Links the app builds, typed so a renamed route breaks the build instead of a link. */
export const paths = {
  home: () => '/',
  /** `next`: the page to come back to after signing in (sign-in's `?next=`). */
  signIn: (next?: string) => withQuery('/sign-in', { next }),
  /** `next`: the page to come back to after signing up (kept when moving between sign-in and sign-up). */
  signUp: (next?: string) => withQuery('/sign-up', { next }),
  /** `company`: the company whose jobs the list shows. */
  companyList: (query?: { company?: string }) => withQuery('/company-list', query),
  jobDetails: (id: string) => `/job-details/${encodeURIComponent(id)}`,
  /**
   * A company's page: `/company/<id>/<slug of its name>` (the id decides; the slug reads well and is left
   * out when the name has no letter or digit). docs/decisions-public.md, "Company pages".
   */
  company: (id: string, name = '') => {
    const slug = companySlug(name);
    return `/company/${encodeURIComponent(id)}${slug ? `/${encodeURIComponent(slug)}` : ''}`;
  },
  dashboard: () => '/dashboard',
  dashboardPage: (page: DashboardPageKey | (string & {})) =>
    `/dashboard/${encodeURIComponent(page)}`,
  becomeReferrer: () => '/become-a-referral',
  createJobPost: () => '/create-job-post',
  contactUs: () => '/contact-us',
  premium: () => '/premium',
  privacyPolicy: () => '/privacy-policy',
  termsAndConditions: () => '/terms-and-conditions',
  refundPolicy: () => '/refund-cancellation-policy',
  /** The operator console (operators only). */
  admin: () => '/admin',
  /** What a suspended account's owner sees: why, and how to appeal. */
  suspended: () => '/suspended',
} as const;

/** The first segment of every address above: the lint rule against hard-coded site paths reads this list. */
export const SITE_PATH_PREFIXES = [
  'home',
  'sign-in',
  'sign-up',
  'company-list',
  'job-details',
  'company',
  'dashboard',
  'become-a-referral',
  'create-job-post',
  'contact-us',
  'premium',
  'privacy-policy',
  'terms-and-conditions',
  'refund-cancellation-policy',
  'admin',
  'suspended',
] as const;
