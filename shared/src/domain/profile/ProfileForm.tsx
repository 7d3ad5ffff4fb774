import { useState } from 'react';
import {
  Controller,
  useForm,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ApiError,
  Button,
  MESSAGES,
  MOBILE_MAX_DIGITS,
  TextAreaField,
  TextField,
  todayIsoDate,
  toast,
  updateById,
  type Profile,
  type RoleId,
} from '@referio/shared';
import { EmailChangeDialog, REAUTH_PREFIX, ReauthDialog, TagInput } from '@referio/shared/forms';
import {
  digitsOnly,
  profileSchema,
  toFormValues,
  toUpdatedData,
  type ProfileInput,
  type ProfileValues,
} from './profileSchema';
import '../cards.css';

export interface ProfileFormProps {
  userId: string;
  /** The role whose profile this is: it goes with the update. */
  roleId: RoleId;
  profile: Profile;
  /** The referrer's profile also edits the position. */
  withPosition?: boolean;
  /** The saved profile, as the server answered it (also after a confirmed e-mail change). */
  onSaved: (profile: Profile) => void;
}

/** Saving the profile: asks for the current address's code first when an older session changes the e-mail. */
function useProfileSave(
  { userId, roleId, withPosition = false, onSaved }: ProfileFormProps,
  reset: (values: ProfileInput) => void,
) {
  /** A new e-mail waiting for the code sent to it (the save kept the old one meanwhile). */
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);

  /** An older session's new e-mail: the save waits for the code mailed to the current address. */
  const [reauth, setReauth] = useState<{ message: string; values: ProfileValues } | null>(null);

  const save = async (values: ProfileValues, currentEmailOtp?: string) => {
    const saved = await updateById(userId, {
      userId,
      roleId,
      updatedData: toUpdatedData(values, withPosition),
      ...(currentEmailOtp ? { currentEmailOtp } : {}),
    });
    setReauth(null);
    reset(toFormValues(saved));
    toast.success(MESSAGES.profileUpdated);
    onSaved(saved);
    setPendingEmail(saved.pendingEmail ?? null);
  };

  const onSubmit = async (values: ProfileValues) => {
    try {
      await save(values);
    } catch (err) {
      if (err instanceof ApiError && err.status === 403 && err.message.startsWith(REAUTH_PREFIX)) {
        setReauth({ message: err.message, values });
        return;
      }
      console.error('[referio] profile update failed', err);
      toast.error(MESSAGES.profileUpdateFailed);
    }
  };
  return { save, onSubmit, reauth, setReauth, pendingEmail, setPendingEmail };
}

/** The profile's details (both modes): checked on change and blur, saved with 'Update Profile'. */
export function ProfileForm({
  userId,
  roleId,
  profile,
  withPosition = false,
  onSaved,
}: ProfileFormProps) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(profileSchema),
    mode: 'all',
    defaultValues: toFormValues(profile),
  });
  const { save, onSubmit, reauth, setReauth, pendingEmail, setPendingEmail } = useProfileSave(
    { userId, roleId, profile, withPosition, onSaved },
    reset,
  );

  return (
    <form
      className="rf-card rf-profile-form"
      aria-labelledby="rf-profile-details"
      noValidate
      onSubmit={(e) => void handleSubmit(onSubmit)(e)}
    >
      <h2 id="rf-profile-details">Personal details</h2>
      <DetailGrid
        register={register}
        control={control}
        errors={errors}
        withPosition={withPosition}
      />
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
          <TagInput
            label="Skills"
            listLabel="Your skills"
            itemName="skill"
            separator=","
            items={field.value}
            onChange={field.onChange}
            placeholder="Type a skill, then Enter or ','"
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="rf-profile-form__actions">
        <Button type="submit" busy={isSubmitting} busyLabel="Updating...">
          Update Profile
        </Button>
      </div>
      <ReauthDialog
        message={reauth?.message ?? null}
        onClose={() => setReauth(null)}
        onCode={(otp) => (reauth ? save(reauth.values, otp) : Promise.resolve())}
      />
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

/** The short fields, in a grid (the position only on the referrer's profile). */
function DetailGrid({
  register,
  control,
  errors,
  withPosition,
}: {
  register: UseFormRegister<ProfileInput>;
  control: Control<ProfileInput, unknown, ProfileValues>;
  errors: FieldErrors<ProfileInput>;
  withPosition: boolean;
}) {
  return (
    <div className="rf-profile-form__grid">
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
      {withPosition && (
        <TextField
          label="Position"
          autoComplete="organization-title"
          error={errors.position?.message}
          {...register('position')}
        />
      )}
      <TextField
        label="Overall Experience (years)"
        inputMode="numeric"
        error={errors.overAllExperience?.message}
        {...register('overAllExperience')}
      />
    </div>
  );
}
