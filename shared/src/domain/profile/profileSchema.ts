import type { z } from 'zod';
import type { Profile, UpdateProfileRequest } from '@referio/shared';
import { profilePageFormSchema } from '@referio/shared/contract';

/**
 * The profile form of both modes: the spec's fields (shared `profileFormSchema`: e-mail messages,
 * mobile digits ≤ 10, date of birth not after today) plus what the avatar popover shows, and the
 * referrer's position. Experience is typed as text and turned into a number of years on save. The
 * schema is the contract's (`profilePageFormSchema`): the profile entry builds none itself, so it brings
 * no zod of its own.
 */
export const profileSchema = profilePageFormSchema;

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
