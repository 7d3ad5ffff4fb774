// Step 1 of sign-in and sign-up: the user type (Applicant or Referrer) and the e-mail address, then LOGIN
// (or Sign Up) sends the code. Both stay on screen, read-only, while the code step is shown.
import type { FormEventHandler } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Link } from 'react-router-dom';
import {
  Button,
  ROLE_APPLICANT,
  ROLE_REFERRER,
  TextField,
  paths,
  type RoleId,
  type SendOtpRequest,
} from '@referio/shared';

const USER_TYPES: { roleId: RoleId; label: string }[] = [
  { roleId: ROLE_APPLICANT, label: 'Applicant' },
  { roleId: ROLE_REFERRER, label: 'Referrer' },
];

interface Props {
  titleId: string;
  submitLabel: string;
  register: UseFormRegister<SendOtpRequest>;
  errors: FieldErrors<SendOtpRequest>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The code was sent: the address is fixed until 'Change email'. */
  codeStep: boolean;
  sending: boolean;
}

export function EmailStep({
  titleId,
  submitLabel,
  register,
  errors,
  onSubmit,
  codeStep,
  sending,
}: Props) {
  return (
    <form
      className="rf-auth__form"
      method="post"
      aria-labelledby={titleId}
      noValidate
      onSubmit={onSubmit}
    >
      <fieldset className="rf-auth__user-type" disabled={codeStep || sending}>
        <legend className="rf-auth__legend">User type</legend>
        <div className="rf-auth__segments">
          {USER_TYPES.map((t) => (
            <label key={t.roleId} className="rf-auth__segment">
              {/* Checked in the server's HTML too (the form library checks it only once it runs). */}
              <input
                type="radio"
                value={String(t.roleId)}
                defaultChecked={t.roleId === ROLE_APPLICANT}
                {...register('roleId')}
              />
              <span>{t.label}</span>
            </label>
          ))}
        </div>
        {errors.roleId?.message && (
          <p className="rf-field__error" role="alert">
            {errors.roleId.message}
          </p>
        )}
      </fieldset>

      <TextField
        label="Email"
        type="email"
        placeholder="Enter your email address"
        autoComplete="email"
        readOnly={codeStep || sending}
        error={errors.email?.message}
        {...register('email')}
      />

      {!codeStep && (
        <>
          <p className="rf-auth__consent">
            By continuing, you agree to our{' '}
            <Link to={paths.termsAndConditions()}>Terms and Conditions</Link> and{' '}
            <Link to={paths.privacyPolicy()}>Privacy Policy</Link>.
          </p>
          <Button type="submit" fullWidth size="lg" busy={sending} busyLabel="Sending OTP...">
            {submitLabel}
          </Button>
        </>
      )}
    </form>
  );
}
