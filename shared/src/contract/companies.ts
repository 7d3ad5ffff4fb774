// Verified referrers: a referrer is verified at a company when their current work e-mail is at one of
// the company's domains (docs/verified-referrers.md).

/**
 * Whether a job's poster is verified at the job's company: through a confirmed domain, an unconfirmed
 * one (the company's first referrer gave it its domain and no second address there is verified yet),
 * or not (null).
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
  /** False while the company's domain is only its first referrer's. */
  confirmed: boolean;
}

/** The accessible text of the badge on job cards and job details. */
export const verifiedAtText = (companyName: string, status: Exclude<VerifiedAtCompany, null>) =>
  status === 'confirmed'
    ? `Verified at ${companyName}`
    : `Verified at ${companyName} (domain unconfirmed)`;
