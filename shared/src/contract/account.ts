import './zodConfig';
import { z } from 'zod';
import {
  emailSchema,
  idSchema,
  limitSchema,
  otpSchema,
  roleIdSchema,
  searchSchema,
  startSchema,
} from './common';
import type { RoleId, RoleName } from './roles';

/** POST /auth/login and POST /auth/createUser: send a 4-digit code. */
export const sendOtpRequest = z.object({ email: emailSchema, roleId: roleIdSchema });
export type SendOtpRequest = z.input<typeof sendOtpRequest>;

/** POST /auth/verifyOtp */
export const verifyOtpRequest = z.object({
  email: emailSchema,
  otp: otpSchema,
  roleId: roleIdSchema,
});
export type VerifyOtpRequest = z.input<typeof verifyOtpRequest>;

/**
 * POST /auth/verifyLink: the token of a sign-in link (mailed with every sign-in code; the page at
 * /sign-in reads it from the link's #link= fragment).
 */
export const verifyLinkRequest = z.object({
  token: z
    .string({ error: 'This sign-in link is not valid.' })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'This sign-in link is not valid.'),
});
export type VerifyLinkRequest = z.input<typeof verifyLinkRequest>;

/** POST /auth/confirmEmailChange: the code sent to the new address makes it the sign-in e-mail. */
export const confirmEmailChangeRequest = z.object({ email: emailSchema, otp: otpSchema });
export type ConfirmEmailChangeRequest = z.input<typeof confirmEmailChangeRequest>;

/** POST /auth/oAuth: a Google ID token (credential); the e-mail is taken from the verified token. */
export const oAuthRequest = z.object({
  credential: z
    .string({ error: 'Google credential is required' })
    .min(10, 'Google credential is required'),
  email: emailSchema.optional(),
  roleId: roleIdSchema.optional(),
});
export type OAuthRequest = z.input<typeof oAuthRequest>;

/** PUT /auth/updateRole/:id */
export const updateRoleRequest = z.object({
  role: roleIdSchema,
  workEmail: emailSchema.optional(),
});
export type UpdateRoleRequest = z.input<typeof updateRoleRequest>;

export interface RoleEntry {
  roleName: RoleName;
  roleId: RoleId;
}

/**
 * The signed-in user as the browser keeps it (local storage key `applicantUser` / `currentUserInfo`).
 * Profile data only: the session itself is an httpOnly cookie the browser never sees.
 * `roles` lists the active mode first ("the role is the first role name in the user info").
 */
export interface CurrentUser {
  _id: string;
  email: string;
  fullName: string;
  displayName: string;
  authMode: 'candidate' | 'referrer';
  roleId: RoleId[];
  roles: RoleEntry[];
  workEmailAdded: boolean;
  profileLink: string | null;
  overAllExperience: number | null;
  summary: string;
  skills: string[];
}

/** Answer of verifyOtp / oAuth / GET /auth/me: `{ success, message, data: CurrentUser }`. */
export interface SessionResponse {
  success: true;
  message: string;
  data: CurrentUser;
}

/** POST /auth/workEmailVerify (some callers send email and userId instead of workEmail and id). */
export const workEmailVerifyRequest = z
  .object({
    workEmail: z.string().optional(),
    email: z.string().optional(),
    id: idSchema.optional(),
    userId: idSchema.optional(),
  })
  .transform((b, ctx) => {
    const raw = (b.workEmail ?? b.email ?? '').trim().toLowerCase();
    if (!raw || !raw.includes('@') || !z.email().safeParse(raw).success) {
      ctx.addIssue({
        code: 'custom',
        message: 'Please enter a valid work email',
        path: ['workEmail'],
      });
      return z.NEVER;
    }
    return { workEmail: raw, id: b.id ?? b.userId };
  });
export type WorkEmailVerifyRequest = z.input<typeof workEmailVerifyRequest>;

/** POST /auth/workEmailVerifyOtp */
export const workEmailVerifyOtpRequest = z
  .object({
    workEmail: z.string().optional(),
    email: z.string().optional(),
    id: idSchema.optional(),
    userId: idSchema.optional(),
    otp: otpSchema,
  })
  .transform((b, ctx) => {
    const raw = (b.workEmail ?? b.email ?? '').trim().toLowerCase();
    if (!raw || !z.email().safeParse(raw).success) {
      ctx.addIssue({
        code: 'custom',
        message: 'Please enter a valid work email',
        path: ['workEmail'],
      });
      return z.NEVER;
    }
    return { workEmail: raw, id: b.id ?? b.userId, otp: b.otp };
  });
export type WorkEmailVerifyOtpRequest = z.input<typeof workEmailVerifyOtpRequest>;

export interface WorkEmailHistoryEntry {
  _id: string;
  email: string;
  companyName: string;
  startDate: string;
}

/** POST /subscribe/createSubscribe */
export const subscribeRequest = z.object({ email: emailSchema });
export type SubscribeRequest = z.input<typeof subscribeRequest>;

export interface Testimonial {
  _id: string;
  name: string;
  profile: string;
  position: string;
  description: string;
}

export interface Company {
  _id: string;
  companyName: string;
  logo: string | null;
  industry: string;
  jobCount: number;
}

/** POST /company/getAllCompany */
export const getAllCompanyRequest = z.object({
  search: searchSchema,
  start: startSchema,
  limit: limitSchema(100, 40),
});
export type GetAllCompanyRequest = z.input<typeof getAllCompanyRequest>;
