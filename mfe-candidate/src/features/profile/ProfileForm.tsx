import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  EmailChangeDialog,
  MESSAGES,
  MOBILE_MAX_DIGITS,
  ROLE_APPLICANT,
  TextAreaField,
  TextField,
  todayIsoDate,
  toast,
  updateById,
  type Profile,
} from '@referio/shared';
import {
  candidateProfileSchema,
  digitsOnly,
  toFormValues,
  toUpdatedData,
  type CandidateProfileInput,
  type CandidateProfileValues,
} from './schema';
import { SkillsInput } from './SkillsInput';

export interface ProfileFormProps {
  userId: string;
  profile: Profile;
  /** The saved profile, as the server answered it. */
  onSaved: (profile: Profile) => void;
}

/** The candidate's details: checked on change and blur, saved with 'Update Profile'. */
export function ProfileForm({ userId, profile, onSaved }: ProfileFormProps) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CandidateProfileInput, unknown, CandidateProfileValues>({
    resolver: zodResolver(candidateProfileSchema),
    mode: 'all',
    defaultValues: toFormValues(profile),
  });
  /** A new e-mail waiting for the code sent to it (the save kept the old one meanwhile). */
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);

  const onSubmit = async (values: CandidateProfileValues) => {
    try {
      const saved = await updateById(userId, {
        userId,
        roleId: ROLE_APPLICANT,
        updatedData: toUpdatedData(values),
      });
      reset(toFormValues(saved));
      toast.success(MESSAGES.profileUpdated);
      onSaved(saved);
      setPendingEmail(saved.pendingEmail ?? null);
    } catch {
      toast.error(MESSAGES.profileUpdateFailed);
    }
  };

  return (
    <form
      className="rf-card cand-form"
      aria-labelledby="cand-profile-details"
      noValidate
      onSubmit={(e) => void handleSubmit(onSubmit)(e)}
    >
      <h2 id="cand-profile-details">Personal details</h2>
      <div className="cand-form__grid">
        <TextField
          label="Full Name"
          autoComplete="name"
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <Controller
          control={control}
          name="mobileNo"
          render={({ field, fieldState }) => (
            <TextField
              label="Mobile Number"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={MOBILE_MAX_DIGITS}
              hint={`Digits only, at most ${MOBILE_MAX_DIGITS}.`}
              error={fieldState.error?.message}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(digitsOnly(e.target.value, MOBILE_MAX_DIGITS))}
            />
          )}
        />
        <TextField
          label="Date of Birth"
          type="date"
          max={todayIsoDate()}
          error={errors.dateOfBirth?.message}
          {...register('dateOfBirth')}
        />
        <TextField
          label="Home Address"
          autoComplete="street-address"
          error={errors.homeAddress?.message}
          {...register('homeAddress')}
        />
        <TextField
          label="Work Address"
          error={errors.officeAddress?.message}
          {...register('officeAddress')}
        />
        <TextField
          label="Overall Experience (years)"
          inputMode="numeric"
          error={errors.overAllExperience?.message}
          {...register('overAllExperience')}
        />
      </div>
      <TextAreaField
        label="Summary"
        rows={4}
        error={errors.summary?.message}
        {...register('summary')}
      />
      <Controller
        control={control}
        name="skills"
        render={({ field, fieldState }) => (
          <SkillsInput
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="cand-form__actions">
        <Button type="submit" busy={isSubmitting} busyLabel="Updating...">
          Update Profile
        </Button>
      </div>
      <EmailChangeDialog
        pendingEmail={pendingEmail}
        onClose={() => setPendingEmail(null)}
        onConfirmed={(changed) => {
          setPendingEmail(null);
          reset(toFormValues(changed));
          onSaved(changed);
        }}
      />
    </form>
  );
}
