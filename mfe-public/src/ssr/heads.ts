// Each public page's title and description: written into the HTML by the server render (ssr/index.tsx) and
// kept right in the browser by the page itself (useDocumentHead), from this one list.
import { DEFAULT_HEAD, type PageHead } from '@referio/shared';

const site = (name: string) => `${name} — Referio`;

export const heads = {
  Landing: DEFAULT_HEAD,
  CompanyList: {
    title: site('Browse companies and jobs'),
    description:
      'Open jobs at companies hiring through employee referrals. Search by company or role and ask the employee who posted a job to refer you.',
  },
  BecomeReferrer: {
    title: site('Become a referrer'),
    description:
      'Post the open roles at your company and refer the candidates you believe in: verify your work e-mail, post a job and approve the requests that fit.',
  },
  Premium: {
    title: site('Premium'),
    description:
      'Referio Premium for job seekers and referrers: verified referrers, request tracking, a profile boost and more. Free during early access.',
  },
  PrivacyPolicy: {
    title: site('Privacy Policy'),
    description:
      'What Referio stores about you, who can see your resume and messages, and how to delete your data.',
  },
  TermsAndConditions: {
    title: site('Terms & Conditions'),
    description: 'The terms for using Referio as a job seeker or as a referrer.',
  },
  RefundPolicy: {
    title: site('Refund & Cancellation Policy'),
    description:
      'Referio is free during early access, so there is nothing to refund or cancel; what happens if a paid plan starts.',
  },
  SignIn: {
    title: site('Sign in'),
    description: 'Sign in to Referio with a code sent to your e-mail, or with Google.',
  },
  SignUp: {
    title: site('Create a free account'),
    description:
      'Create a free Referio account and ask employees to refer you to the jobs you want.',
  },
  ContactUs: {
    title: site('Contact us'),
    description:
      'Questions, feedback or a request to delete your account: write to the Referio team.',
  },
  Suspended: {
    title: site('Account suspended'),
    description: 'Why this Referio account is suspended, and how to appeal.',
  },
  JobDetails: {
    title: site('Job details'),
    description:
      'A job open at a company hiring through referrals, and the employee who can refer you.',
  },
} as const satisfies Record<string, PageHead>;

/**
 * /company-list: a company's page (`?company=`, from the landing's grid and the sitemap) or a search names
 * what it lists.
 */
export function companyListHead(search: string, companyName?: string | null): PageHead {
  const term = search.trim();
  const company = companyName?.trim();
  if (company && !term) {
    return {
      title: site(`${company} jobs`),
      description: `Open jobs at ${company} on Referio. Ask the employee who posted a job to refer you.`,
    };
  }
  if (!term) return heads.CompanyList;
  return {
    title: site(`${term} jobs`),
    description: `Open jobs matching "${term}" on Referio. Ask the employee who posted a job to refer you.`,
  };
}

/** An unknown company's page (the server answers it with 404). */
export const COMPANY_NOT_FOUND_HEAD: PageHead = {
  title: site('Company not found'),
  description: 'This company is not on Referio. Browse the open jobs of the companies that are.',
};

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** A company's page (docs/decisions-public.md, "Company pages"). */
export function companyHead(company: {
  companyName: string;
  openJobs: number;
  referrers: number;
}): PageHead {
  const name = company.companyName;
  const jobs = plural(company.openJobs, 'open job', 'open jobs');
  const people = plural(company.referrers, 'employee', 'employees');
  return {
    title: site(`${name}: jobs and referrals`),
    description:
      company.openJobs > 0
        ? `${jobs} at ${name} on Referio, posted by ${people} who can refer you. Ask for a referral with your resume.`
        : `${name} on Referio: no open jobs right now. Browse the open jobs of other companies hiring through referrals.`,
  };
}
