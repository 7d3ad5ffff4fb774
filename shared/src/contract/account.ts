import './zodConfig';
import { z } from 'zod';
import {
  emailSchema,
  envelope,
  idSchema,
  limitSchema,
  otpSchema,
  roleIdSchema,
  searchSchema,
  startSchema,
} from './common';
import { ROLE_APPLICANT, ROLE_REFERRER } from './roles';
import { verifiedCompanySchema } from './companies';
import { returnPathSchema } from './returnPath';

/**
 * POST /auth/login and POST /auth/createUser: send a 4-digit code (and a sign-in link, which opens
 * `next` once used).
 */
export const sendOtpRequest = z.object({
  email: emailSchema,
  roleId: roleIdSchema,
  next: returnPathSchema,
});
export type SendOtpRequest = z.input<typeof sendOtpRequest>;

export const FULL_NAME_MAX = 100;
export const NAME_MESSAGES = {
  required: 'Please enter your name.',
  tooLong: `Your name must be at most ${FULL_NAME_MAX} characters.`,
  notEmail: 'Please enter your name, not an email address.',
  letters: 'Your name must contain letters.',
} as const;

/** A person's name as others see it (cards, chat, notifications, e-mails). */
export const fullNameSchema = z
  .string({ error: NAME_MESSAGES.required })
  .trim()
  .min(1, NAME_MESSAGES.required)
  .max(FULL_NAME_MAX, NAME_MESSAGES.tooLong)
  .refine((v) => !v.includes('@'), NAME_MESSAGES.notEmail)
  .refine((v) => /\p{L}/u.test(v), NAME_MESSAGES.letters);

/** PUT /auth/name: the name asked for at first sign-in (and once from accounts without one). */
export const updateNameRequest = z.object({ fullName: fullNameSchema });
export type UpdateNameRequest = z.input<typeof updateNameRequest>;

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
const linkTokenSchema = z
  .string({ error: 'This sign-in link is not valid.' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'This sign-in link is not valid.');

/**
 * `confirm`: the person at this browser said yes to "Sign in as {address}?". Needed when the link is
 * opened in a browser other than the one that asked for it, or over another account's session.
 */
export const verifyLinkRequest = z.object({
  token: linkTokenSchema,
  confirm: z.boolean().optional(),
});
export type VerifyLinkRequest = z.input<typeof verifyLinkRequest>;

/** POST /auth/checkLink: what a sign-in link would do here, without using it. */
export const checkLinkRequest = z.object({ token: linkTokenSchema });
export type CheckLinkRequest = z.input<typeof checkLinkRequest>;
export const linkCheckSchema = z.object({
  /** The address the link signs in. */
  email: z.string(),
  /** This browser asked for the link: it may sign in without a question (unless over another account). */
  sameBrowser: z.boolean(),
  /** The address this browser is signed in as now, or null. */
  signedInEmail: z.string().nullable(),
});
export type LinkCheck = z.infer<typeof linkCheckSchema>;
export const linkCheckAnswer = envelope(linkCheckSchema);

/** POST /auth/revertEmailChange: the token of the "this wasn't me" link mailed to the old address. */
export const revertEmailChangeRequest = z.object({
  token: z
    .string({ error: 'This link is not valid.' })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'This link is not valid.'),
});
export type RevertEmailChangeRequest = z.input<typeof revertEmailChangeRequest>;

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

const roleIdValue = z.union([z.literal(ROLE_APPLICANT), z.literal(ROLE_REFERRER)]);

export const roleEntrySchema = z.object({
  roleName: z.enum(['user', 'referer']),
  roleId: roleIdValue,
});
export type RoleEntry = z.infer<typeof roleEntrySchema>;

/**
 * The signed-in user as the browser keeps it (local storage key `applicantUser` / `currentUserInfo`).
 * Profile data only: the session itself is an httpOnly cookie the browser never sees.
 * `roles` lists the active mode first ("the role is the first role name in the user info").
 */
export const currentUserSchema = z
  .object({
    _id: z.string(),
    email: z.string(),
    fullName: z.string(),
    displayName: z.string(),
    authMode: z.enum(['candidate', 'referrer']),
    roleId: z.array(roleIdValue),
    roles: z.array(roleEntrySchema),
    workEmailAdded: z.boolean(),
    profileLink: z.string().nullable(),
    overAllExperience: z.number().nullable(),
    summary: z.string(),
    skills: z.array(z.string()),
    /** An operator (named by the API's ADMIN_EMAILS): the header links them to the console. */
    operator: z.boolean().optional(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Answer of verifyOtp / oAuth / GET /auth/me: `{ success, message, data: CurrentUser }`. */
export const sessionResponseSchema = z.object({
  success: z.boolean().describe('Always true'),
  message: z.string(),
  data: currentUserSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** GET /auth/config */
export const authConfigSchema = z.object({
  /** null when Google sign-in is not offered. */
  googleClientId: z.string().nullable(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;
export const authConfigAnswer = envelope(authConfigSchema);

/** POST /auth/workEmailVerifyOtp answer: the user under `user` (as the spec reads it) and `data`. */
export const workEmailVerifiedAnswer = z.object({
  success: z.boolean().describe('Always true'),
  message: z.string(),
  user: currentUserSchema,
  data: currentUserSchema,
  /** The companies the address verifies the user at (none yet: their first job post claims it). */
  companies: z.array(verifiedCompanySchema).optional(),
});

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

export const workEmailHistoryEntrySchema = z.object({
  _id: z.string(),
  email: z.string(),
  companyName: z.string(),
  startDate: z.string(),
});
export type WorkEmailHistoryEntry = z.infer<typeof workEmailHistoryEntrySchema>;

/** POST /subscribe/createSubscribe */
export const subscribeRequest = z.object({ email: emailSchema });
export type SubscribeRequest = z.input<typeof subscribeRequest>;

export const testimonialSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    profile: z.string(),
    position: z.string(),
    description: z.string(),
  })
  .meta({ id: 'Testimonial' });
export type Testimonial = z.infer<typeof testimonialSchema>;
export const testimonialsAnswer = envelope(z.array(testimonialSchema));

export const companySchema = z
  .object({
    _id: z.string(),
    companyName: z.string(),
    logo: z.string().nullable(),
    industry: z.string(),
    jobCount: z.number().int(),
  })
  .meta({ id: 'Company' });
export type Company = z.infer<typeof companySchema>;

/** POST /company/getAllCompany */
export const getAllCompanyRequest = z.object({
  search: searchSchema,
  start: startSchema,
  limit: limitSchema(100, 40),
});
export type GetAllCompanyRequest = z.input<typeof getAllCompanyRequest>;

/** POST /company/getAllCompany answer: one page and the total. */
export const companyListAnswer = z.object({
  success: z.boolean().describe('Always true'),
  data: z.array(companySchema),
  total: z.number().int(),
  start: z.number().int(),
  limit: z.number().int(),
});
