// Response schemas of the verified-referrer shapes (./verified.ts holds their types and texts).
import './zodConfig';
import { z } from 'zod';
import type { VerifiedAtCompany, VerifiedCompany } from './verified';

/** A job's `verifiedAtCompany`. */
export const verifiedAtCompanySchema: z.ZodType<VerifiedAtCompany> = z
  .enum(['confirmed', 'unconfirmed'])
  .nullable();

/** One of the companies POST /auth/workEmailVerifyOtp answers under `companies`. */
export const verifiedCompanySchema: z.ZodType<VerifiedCompany> = z.object({
  _id: z.string(),
  companyName: z.string(),
  confirmed: z.boolean(),
});

/**
 * One of the domains a company page lists (docs/decisions-public.md, "Company pages"): the current verified
 * work domain of some of the people with an open job there, and how many of them. `confirmed`: the domain is
 * confirmed for this company ("Verified at {company}"); false: only claimed for it, so the page shows it as the
 * domain's own ("Verified · @domain"), never as the company's. Rejected domains and domains of other companies
 * are not listed (their referrers still count in `referrers`).
 */
export const companyDomainSchema = z.object({
  domain: z.string(),
  confirmed: z.boolean(),
  referrers: z.number().int().min(0),
});
export type CompanyDomain = z.infer<typeof companyDomainSchema>;

/** GET /company/:companyId: a company's public page (its open jobs are the job list's `company` filter). */
export const companyPageSchema = z
  .object({
    _id: z.string(),
    companyName: z.string(),
    logo: z.string().nullable(),
    industry: z.string(),
    /** Its active job posts. */
    openJobs: z.number().int().min(0),
    /** The people with at least one of them (who can be asked for a referral there). */
    referrers: z.number().int().min(0),
    /** Confirmed domains first, then by referrers, then A→Z. */
    domains: z.array(companyDomainSchema),
  })
  .meta({ id: 'CompanyPage' });
export type CompanyPage = z.infer<typeof companyPageSchema>;
export const companyPageAnswer = z.object({ success: z.boolean(), data: companyPageSchema });

/** The path parameter of GET /company/:companyId. */
export const companyPageParams = z.object({ companyId: z.uuid({ error: 'Invalid id' }) });
