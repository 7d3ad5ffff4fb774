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
