// mfe-public's server render module: what the shell's server needs to turn one of this remote's pages into
// HTML. Built by this package's own webpack build (webpack.config.js, the `ssr` configuration) into
// dist/ssr/render.<hash>.js, named by dist/ssr-manifest.json beside mf-manifest.json; the shell's server
// finds it through remotes.json and loads the version the remote serves now (docs/performance.md).
// The shared singletons (React, the router, react-query, @referio/shared) are not in the file: the shell's
// server hands over its own, as the federation runtime does in the browser.
import type { ComponentType } from 'react';
import { hashKey, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import {
  JOB_FILTER_KEYS,
  authQueries,
  SIMILAR_JOB_COUNT,
  getAllCompany,
  jobKeys,
  jobQueries,
  parsePage,
  readJobFilters,
  siteQueries,
  type CompanyPage as Company,
  type JobPost,
  type ListAnswer,
  type PageHead,
  type PublicJobPost,
  paths,
} from '@referio/shared';
import Landing from '../pages/Landing';
import CompanyList from '../pages/CompanyList';
import BecomeReferrer from '../pages/BecomeReferrer';
import Premium from '../pages/Premium';
import PrivacyPolicy from '../pages/PrivacyPolicy';
import TermsAndConditions from '../pages/TermsAndConditions';
import JobDetails from '../pages/JobDetails';
import CompanyPage from '../pages/CompanyPage';
import RefundPolicy from '../pages/RefundPolicy';
import SignIn from '../pages/SignIn';
import SignUp from '../pages/SignUp';
import { homeCompaniesQuery } from '../features/landing/components/Companies';
import { COMPANY_NOT_FOUND_HEAD, companyHead, companyListHead, heads } from './heads';
import { JOB_NOT_FOUND_HEAD, jobHead, jobImagePath, jobPostingLd } from './jobPosting';

/**
 * A page's head as the shell's server writes it. `canonical`: the page's one address (path and query) when the
 * URL may have others (`/home`, `?page=1`); `status`: the HTTP status (404 for an unknown job); `image`: its
 * share image (a path of the site); `jsonLd`: structured data for search engines (docs/seo.md).
 */
export type ServerHead = PageHead & {
  canonical?: string;
  status?: number;
  image?: string;
  jsonLd?: Record<string, unknown>;
};

/** One page the server can render: its component (the module the remote exposes), head and data. */
export interface ServerPage {
  component: ComponentType;
  /** `state` holds what `prefetch` fetched (a company page names its company from it). */
  head(url: URL, state?: DehydratedState): ServerHead;
  /** Fills `client` with the queries the page shows first (a failed call leaves its query out). */
  prefetch?(client: QueryClient, url: URL): Promise<void>;
  /**
   * The page needs nothing of the app but its islands (`Island` of '@referio/shared/islands'): the shell takes
   * it over without the app, its links load the next page from the server (docs/islands.md).
   */
  islands?: boolean;
}

/** By exposed module name (webpack.config.js `exposes`). Pages missing here are rendered in the browser. */
export const pages: Record<string, ServerPage> = {
  './Landing': {
    component: Landing,
    // Its interactive parts are islands: the header's menu, the search box, the stories carousel, the two
    // subscribe boxes.
    islands: true,
    head: () => ({ ...heads.Landing, canonical: paths.home() }),
    prefetch: async (client) => {
      await Promise.all([
        client.prefetchQuery(homeCompaniesQuery),
        client.prefetchQuery(siteQueries.testimonials()),
      ]);
    },
  },
  './CompanyList': {
    component: CompanyList,
    head: (url, state) => {
      const search = (url.searchParams.get('search') ?? '').trim();
      const page = parsePage(url.searchParams.get('page'));
      const query = new URLSearchParams();
      if (search) query.set('search', search);
      const filters = readJobFilters(url.searchParams);
      for (const key of JOB_FILTER_KEYS) {
        const value = filters[key];
        if (value) query.set(key, value);
      }
      if (page > 1) query.set('page', String(page));
      const q = query.toString();
      const key = hashKey(
        jobKeys.list({ search: url.searchParams.get('search') ?? '', page, userId: null, filters }),
      );
      const data = state?.queries.find((k) => hashKey(k.queryKey) === key)?.state.data as
        ListAnswer<JobPost> | undefined;
      return {
        ...companyListHead(search, data?.company?.companyName),
        canonical: `${paths.companyList()}${q ? `?${q}` : ''}`,
      };
    },
    // The first page as a signed-out visitor sees it (the server never renders for a signed-in one).
    prefetch: async (client, url) => {
      const search = url.searchParams.get('search') ?? '';
      const page = parsePage(url.searchParams.get('page'));
      const filters = readJobFilters(url.searchParams);
      await client.prefetchQuery(jobQueries.list({ search, page, userId: null, filters }));
    },
  },
  './JobDetails': {
    component: JobDetails,
    head: (url, state) => {
      const id = jobIdOf(url);
      const key = hashKey(jobQueries.publicDetail(id).queryKey);
      const job = state?.queries.find((q) => hashKey(q.queryKey) === key)?.state.data as
        PublicJobPost | null | undefined;
      if (!job) return { ...JOB_NOT_FOUND_HEAD, status: 404 };
      const ld = jobPostingLd(job, url.origin);
      return {
        ...jobHead(job),
        canonical: paths.jobDetails(job._id),
        image: jobImagePath(job._id),
        ...(ld ? { jsonLd: ld } : {}),
      };
    },
    // The job as a signed-out visitor sees it; a failed call (not an unknown job: that is an answer, null)
    // fails the render, and the page is rendered in the browser instead. Its similar jobs (the newest for
    // an unknown job) come with it; without them the browser fetches them.
    prefetch: async (client, url) => {
      const id = jobIdOf(url);
      const [job] = await Promise.all([
        client.fetchQuery(jobQueries.publicDetail(id)),
        client.prefetchQuery(jobQueries.similar(isUuid(id) ? id : null, SIMILAR_JOB_COUNT)),
      ]);
      // A job that does not exist is shown with the newest jobs, asked without its id.
      if (!job && isUuid(id))
        await client.prefetchQuery(jobQueries.similar(null, SIMILAR_JOB_COUNT));
    },
  },
  './CompanyPage': {
    component: CompanyPage,
    head: (url, state) => {
      const key = hashKey(siteQueries.company(companyIdOf(url)).queryKey);
      const company = state?.queries.find((q) => hashKey(q.queryKey) === key)?.state.data as
        Company | null | undefined;
      if (!company) return { ...COMPANY_NOT_FOUND_HEAD, status: 404 };
      const page = parsePage(url.searchParams.get('page'));
      const canonical = paths.company(company._id, company.companyName);
      return {
        ...companyHead(company),
        canonical: page > 1 ? `${canonical}?page=${page}` : canonical,
      };
    },
    // The company and the first page of its jobs as a signed-out visitor sees them; a failed call for the
    // company (not an unknown one: that is an answer, null) leaves the page to the browser.
    prefetch: async (client, url) => {
      const id = companyIdOf(url);
      const page = parsePage(url.searchParams.get('page'));
      await Promise.all([
        client.fetchQuery(siteQueries.company(id)),
        client.prefetchQuery(
          jobQueries.list({ search: '', page, userId: null, filters: { company: id } }),
        ),
      ]);
    },
  },
  // The form as a signed-out visitor sees it: the Google button's place when the API offers Google (a failed
  // call leaves it out: the browser asks again). `?next=` stays out of the canonical address.
  './SignIn': {
    component: SignIn,
    head: () => ({ ...heads.SignIn, canonical: paths.signIn() }),
    prefetch: (client) => client.prefetchQuery(authQueries.config()),
  },
  './SignUp': {
    component: SignUp,
    head: () => ({ ...heads.SignUp, canonical: paths.signUp() }),
    prefetch: (client) => client.prefetchQuery(authQueries.config()),
  },
  './BecomeReferrer': { component: BecomeReferrer, head: () => heads.BecomeReferrer },
  './Premium': { component: Premium, head: () => heads.Premium },
  './PrivacyPolicy': { component: PrivacyPolicy, head: () => heads.PrivacyPolicy },
  './TermsAndConditions': { component: TermsAndConditions, head: () => heads.TermsAndConditions },
  './RefundPolicy': { component: RefundPolicy, head: () => heads.RefundPolicy },
};

/** The job id of a job page's URL (`paths.jobDetails(id)`: its last segment). */
function jobIdOf(url: URL): string {
  const segment = /[^/]*$/.exec(url.pathname)?.[0] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A company page's id (`paths.company(id, name)`: the segment after /company/). */
function companyIdOf(url: URL): string {
  const segment = /^\/company\/([^/]*)/.exec(url.pathname)?.[1] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Whether `id` can be a job's id (the API refuses anything else with 400). */
const isUuid = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** The most companies the API lists in one call (the contract's limit for getAllCompany). */
const COMPANY_PAGE = 100;
/** A bound on the sitemap's company pages (the sitemap protocol allows 50,000 URLs per file). */
const MAX_COMPANIES = 10_000;

/**
 * This remote's pages for the sitemap: the public pages, and the page of each company with open jobs (as
 * the sitemap lists only open jobs). Paths, relative to the site.
 */
export async function sitemap(): Promise<string[]> {
  const out = [
    paths.home(),
    paths.companyList(),
    paths.becomeReferrer(),
    paths.premium(),
    paths.contactUs(),
    paths.privacyPolicy(),
    paths.termsAndConditions(),
    paths.refundPolicy(),
  ];
  for (let start = 0; start < MAX_COMPANIES; start += COMPANY_PAGE) {
    const { data, total } = await getAllCompany({ start, limit: COMPANY_PAGE });
    for (const c of data) if (c.jobCount > 0) out.push(paths.company(c._id, c.companyName));
    if (data.length < COMPANY_PAGE || start + COMPANY_PAGE >= total) break;
  }
  return out;
}
