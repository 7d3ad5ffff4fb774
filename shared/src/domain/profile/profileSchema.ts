import { z } from 'zod';
import type { Profile, UpdateProfileRequest } from '@referio/shared';
import { profileExtrasSchema, profileFormSchema } from '@referio/shared/contract';

/**
 * The profile form of both modes: the spec's fields (shared `profileFormSchema`: e-mail messages,
 * mobile digits ≤ 10, date of birth not after today) plus what the avatar popover shows, and the
 * referrer's position. Experience is typed as text and turned into a number of years on save.
 */
export const profileSchema = profileFormSchema.extend({
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

export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileValues = z.output<typeof profileSchema>;

/** The form's starting values from the stored profile. */
export function toFormValues(p: Profile): ProfileInput {
  return {
    fullName: p.fullName ?? '',
    homeAddress: p.homeAddress ?? '',
    mobileNo: p.mobileNo ?? '',
    officeAddress: p.officeAddress ?? '',
    dateOfBirth: p.dateOfBirth ?? '',
    email: p.email ?? '',
    position: p.position ?? '',
    overAllExperience:
      p.overAllExperience === null || p.overAllExperience === undefined
        ? ''
        : String(p.overAllExperience),
    summary: p.summary ?? '',
    skills: p.skills ?? [],
  };
}

/** PUT /auth/updateById's `updatedData` from the validated form; `position` only where the form shows it. */
export function toUpdatedData(
  v: ProfileValues,
  withPosition: boolean,
): UpdateProfileRequest['updatedData'] {
  return {
    fullName: v.fullName,
    homeAddress: v.homeAddress,
    mobileNo: v.mobileNo,
    officeAddress: v.officeAddress,
    dateOfBirth: v.dateOfBirth,
    email: v.email,
    ...(withPosition ? { position: v.position } : {}),
    overAllExperience: v.overAllExperience === '' ? null : Number(v.overAllExperience),
    summary: v.summary,
    skills: v.skills,
  };
}

/** Keeps digits only, at most `max`: what the mobile field lets through. */
export const digitsOnly = (raw: string, max: number): string =>
  raw.replace(/\D/g, '').slice(0, max);
