// Verified referrers (no zod: the browser bundle takes this file): a referrer is verified at a company when their current work e-mail is at one of
// the company's domains (docs/verified-referrers.md).

/**
 * Whether a job's poster is verified at the job's company: through a domain confirmed for it (by an
 * operator or the seed), an unconfirmed one (the company's first referrer claimed it; colleagues at
 * the same domain confirm nothing), or not (null).
 */
export type VerifiedAtCompany = 'confirmed' | 'unconfirmed' | null;

/** A referrer's verification at one company, and what the refusal message needs. */
export interface CompanyVerification {
  status: VerifiedAtCompany;
  companyName: string;
  /** The company's e-mail domains ('acme.co.uk'). */
  domains: string[];
  /** The referrer's current (last verified) work e-mail, or null when they have none. */
  workEmail: string | null;
}

/** A company a verified work address counts for (the answer to verifying one). */
export interface VerifiedCompany {
  _id: string;
  companyName: string;
  /** False until an operator (or the seed) confirmed the domain for the company. */
  confirmed: boolean;
}

/**
 * The accessible text of the badge wherever a referrer shows as verified (only what was proven): the verified
 * domain always ("Verified · @goog-careers.example"); "Verified at {company}" only when that domain is
 * confirmed for the company by an operator or a trusted source ("Verified at Google · @google.com").
 */
export const verifiedAtText = (companyName: string, status: VerifiedAtCompany, domain: string) =>
  status === 'confirmed' ? `Verified at ${companyName} · @${domain}` : `Verified · @${domain}`;

/** The badge's tooltip when the domain is not confirmed for the company. */
export const unconfirmedDomainTitle = (companyName: string, domain: string) =>
  `This referrer proved an address at ${domain}. Referio has not confirmed that ${domain} belongs to ${companyName}.`;

/** The badge's tooltip where no company is named (a chat's other person whose domain no company has). */
export const unattributedDomainTitle = (domain: string) =>
  `This person proved an address at ${domain}. Referio has not confirmed which company ${domain} belongs to.`;

/** The texts of a company's page (docs/decisions-public.md, "Company pages"). */
export const COMPANY_PAGE_TEXTS = {
  /** Under a domain only claimed for the company: it is shown as the domain's own, never the company's. */
  unconfirmedDomain: (companyName: string, domain: string) =>
    `Referio has not confirmed that ${domain} belongs to ${companyName}.`,
  /** The domains' section when none of the company's referrers has a domain of the company's. */
  noDomains: (companyName: string) =>
    `None of the people posting jobs for ${companyName} has a verified work domain of ${companyName}'s yet.`,
  noOpenJobs: (companyName: string) => `No open jobs at ${companyName} right now.`,
  notFound: 'This company is not on Referio, or the link to it is wrong.',
} as const;

/** The texts that explain the rule where a referrer verifies a work e-mail or posts a job. */
export const VERIFIED_TEXTS = {
  /** The work-email modal opened to approve a referral (for the request's company when known). */
  approveRule: (companyName?: string) =>
    companyName
      ? `Approving referrals for ${companyName} needs a verified work email at ${companyName}: an address at its email domain. We will send a code to it.`
      : "Approving a referral needs a verified work email at the job's company: an address at its email domain. We will send a code to it.",
  /** The work-email modal opened from the job post form. */
  postRule: (companyName?: string) =>
    companyName
      ? `Posting jobs for ${companyName} needs a verified work email at ${companyName}: an address at its email domain. We will send a code to it.`
      : 'Posting a job needs a verified work email at the company: an address at its email domain. We will send a code to it.',
  /** Under the job post form's Company Name. */
  companyHint:
    'You can post jobs only for the company of your verified work email (you@acme.com for Acme). A company new to Referio takes your email\'s domain; Referio confirms it before your jobs say "Verified at" the company.',
  /** After a work e-mail is verified: the companies it counts for. */
  verifiedFor: (companies: readonly VerifiedCompany[], email: string) =>
    companies.length
      ? `This address verifies you at ${companies.map((c) => c.companyName).join(', ')}.`
      : `No company uses ${email.slice(email.lastIndexOf('@') + 1)} yet: the first job you post for your company gives it this domain.`,
  verifyButton: 'Verify Work Email',
} as const;
