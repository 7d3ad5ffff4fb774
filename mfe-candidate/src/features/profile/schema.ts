import { z } from 'zod';
import { type Profile, type UpdateProfileRequest } from '@referio/shared';
import { profileExtrasSchema, profileFormSchema } from '@referio/shared/contract';

/**
 * The candidate profile form: the spec's fields (shared `profileFormSchema`: e-mail messages,
 * mobile digits ≤ 10, date of birth not after today) plus what the avatar popover shows.
 * Experience is typed as text and turned into a number of years on save.
 */
export const candidateProfileSchema = profileFormSchema.extend({
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

export type CandidateProfileInput = z.input<typeof candidateProfileSchema>;
export type CandidateProfileValues = z.output<typeof candidateProfileSchema>;

/** The form's starting values from the stored profile. */
export function toFormValues(p: Profile): CandidateProfileInput {
  return {
    fullName: p.fullName ?? '',
    homeAddress: p.homeAddress ?? '',
    mobileNo: p.mobileNo ?? '',
    officeAddress: p.officeAddress ?? '',
    dateOfBirth: p.dateOfBirth ?? '',
    email: p.email ?? '',
    overAllExperience: p.overAllExperience === null ? '' : String(p.overAllExperience),
    summary: p.summary ?? '',
    skills: p.skills ?? [],
  };
}

/** PUT /auth/updateById's `updatedData` from the validated form. */
export function toUpdatedData(v: CandidateProfileValues): UpdateProfileRequest['updatedData'] {
  return {
    fullName: v.fullName,
    homeAddress: v.homeAddress,
    mobileNo: v.mobileNo,
    officeAddress: v.officeAddress,
    dateOfBirth: v.dateOfBirth,
    email: v.email,
    overAllExperience: v.overAllExperience === '' ? null : Number(v.overAllExperience),
    summary: v.summary,
    skills: v.skills,
  };
}

/** Keeps digits only, at most `max`: what the mobile field lets through. */
export const digitsOnly = (raw: string, max: number): string =>
  raw.replace(/\D/g, '').slice(0, max);
