import './zodConfig';
import { workEmailHistoryEntrySchema } from './account';
import { z } from 'zod';
import { MESSAGES, MOBILE_MAX_DIGITS } from './constants';
import { envelope, idSchema, messageEnvelope, otpSchema, roleIdSchema } from './common';
import { todayIsoDate } from './lists';

/** A profile as GET /auth/GetByIdUser and GET /auth/GetByIdReferer answer it (document 2 §3). */
export const profileSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  position: z.string(),
  homeAddress: z.string(),
  mobileNo: z.string(),
  officeAddress: z.string(),
  /** 'yyyy-mm-dd' or '' when not given. */
  dateOfBirth: z.string().describe("'yyyy-mm-dd', or '' when not given"),
  email: z.string(),
  profileLink: z.string().nullable(),
  resumeLink: z.string().nullable(),
  resumeName: z.string().nullable(),
  overAllExperience: z.number().nullable(),
  summary: z.string(),
  skills: z.array(z.string()),
  /**
   * Only in the answer of PUT /auth/updateById: a new sign-in e-mail waiting for the code sent to it
   * (POST /auth/confirmEmailChange); until then `email` stays the old one.
   */
  pendingEmail: z
    .string()
    .nullable()
    .optional()
    .describe('Only in the answer of PUT /auth/updateById: the e-mail waiting for its code'),
});
export type Profile = z.infer<typeof profileSchema>;

/** The profile as the API sends it: the fields above and the account's mode, badge and resume size. */
export const profileAnswerSchema = profileSchema
  .extend({
    authMode: z.enum(['candidate', 'referrer']),
    workEmailAdded: z.boolean(),
    resumeSize: z.number().int().nullable(),
  })
  .meta({ id: 'Profile' });
export type ProfileAnswer = z.infer<typeof profileAnswerSchema>;

/** GET /auth/GetByIdReferer answer: the profile plus the verified work e-mails. */
export const referrerProfileAnswerSchema = profileAnswerSchema
  .extend({ workEmailHistory: z.array(workEmailHistoryEntrySchema) })
  .meta({ id: 'ReferrerProfile' });
export type ReferrerProfileAnswer = z.infer<typeof referrerProfileAnswerSchema>;
export type ReferrerProfile = Profile & Pick<ReferrerProfileAnswer, 'workEmailHistory'>;

/** GET /auth/GetByIdUser */
export const profileAnswer = envelope(profileAnswerSchema);
/** GET /auth/GetByIdReferer */
export const referrerProfileAnswer = envelope(referrerProfileAnswerSchema);
/** PUT /auth/updateById and POST /auth/confirmEmailChange */
export const profileSavedAnswer = messageEnvelope(profileAnswerSchema);

/** The spec's profile e-mail rule: required, then a valid address (messages word for word). */
export const profileEmailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .pipe(z.email({ error: MESSAGES.emailInvalid }))
  .transform((s) => s.toLowerCase());

export const mobileNoSchema = z
  .string()
  .trim()
  .regex(/^[0-9]*$/, 'Mobile number must contain digits only')
  .max(MOBILE_MAX_DIGITS, `Mobile number must be at most ${MOBILE_MAX_DIGITS} digits`);

/** Earliest date of birth accepted (PostgreSQL has no year 0, and nobody alive was born before). */
export const DATE_OF_BIRTH_MIN = '1900-01-01';

/** 'yyyy-mm-dd' naming a day that exists (no 2024-02-30, no month 13). */
export function isRealIsoDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export const dateOfBirthSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || isRealIsoDate(v), 'Please enter a valid date')
  .refine((v) => v === '' || v >= DATE_OF_BIRTH_MIN, 'Please enter a valid date')
  .refine((v) => v === '' || v <= todayIsoDate(), 'Date of birth cannot be later than today');

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional().default('');

/** The profile form (both profiles): the fields the spec's screen edits. */
export const profileFormSchema = z.object({
  fullName: optionalText(100, 'Full name'),
  homeAddress: optionalText(300, 'Home address'),
  mobileNo: mobileNoSchema.optional().default(''),
  officeAddress: optionalText(300, 'Work address'),
  dateOfBirth: dateOfBirthSchema.optional().default(''),
  email: profileEmailSchema,
});
export type ProfileForm = z.input<typeof profileFormSchema>;

/** Fields the avatar popover shows; editable through the same call. */
export const profileExtrasSchema = z.object({
  position: optionalText(100, 'Position'),
  overAllExperience: z.coerce
    .number({ error: 'Experience must be a number of years' })
    .int('Experience must be a whole number of years')
    .min(0, 'Experience cannot be negative')
    .max(60, 'Experience must be at most 60 years')
    .nullable()
    .optional(),
  summary: optionalText(1000, 'Summary'),
  skills: z.array(z.string().trim().min(1).max(60)).max(30, 'At most 30 skills').optional(),
});

/**
 * The profile page's form (both modes, `@referio/shared/profile`): the spec's fields plus what the avatar
 * popover shows and the referrer's position. Experience is typed as text (a whole number 0 to 60 or
 * empty) and turned into a number of years on save. Here, not beside the form, so the browser has one zod:
 * the contract's (a schema built in another module would bundle a second, unconfigured copy).
 */
export const profilePageFormSchema = profileFormSchema.extend({
  position: profileExtrasSchema.shape.position,
  overAllExperience: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (/^\d{1,2}$/.test(v) && Number(v) <= 60),
      'Experience must be a whole number of years (0 to 60)',
    ),
  summary: profileExtrasSchema.shape.summary,
  skills: z.array(z.string().trim().min(1).max(60)).max(30, 'At most 30 skills'),
});

/** PUT /auth/updateById/:userId: `{ userId, roleId, updatedData }`. */
export const updateProfileRequest = z.object({
  userId: idSchema.optional(),
  roleId: roleIdSchema.optional(),
  updatedData: profileFormSchema.extend(profileExtrasSchema.partial().shape),
  /**
   * A new sign-in e-mail from a session older than EMAIL_CHANGE_REAUTH_MINUTES: the code just mailed to
   * the current address (the first try without it mails the code and answers 403).
   */
  currentEmailOtp: otpSchema.optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;
