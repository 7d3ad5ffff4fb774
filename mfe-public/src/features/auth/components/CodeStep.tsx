// Step 2: the four boxes and Verify OTP (the code is verified by itself as soon as the fourth digit is in),
// 'Resend code' after its countdown, and 'Change email' back to step 1.
import type { FormEvent } from 'react';
import { Button, OTP_LENGTH } from '@referio/shared';
import { OtpInput } from '@referio/shared/forms';
import type { useCodeSignIn } from '../hooks/useCodeSignIn';
import { ResendCode } from './ResendCode';

interface Props {
  email: string;
  hintId: string;
  flow: ReturnType<typeof useCodeSignIn>;
}

export function CodeStep({ email, hintId, flow }: Props) {
  const { code, setCode, verify, verifying, verified, locked, resending } = flow;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void verify(code);
  };
  return (
    <form
      className="rf-auth__form"
      method="post"
      aria-label="Verify OTP"
      noValidate
      onSubmit={onSubmit}
    >
      {/* The address ends the sentence without a full stop: cut short on a phone, a stop after the
          ellipsis reads as a stray dot. */}
      <p id={hintId} className="rf-auth__code-hint">
        Enter the {OTP_LENGTH}-digit code sent to <strong>{email}</strong>
      </p>
      <OtpInput
        label="One-time code"
        value={code}
        onChange={setCode}
        onComplete={(full) => void verify(full)}
        disabled={verified || locked !== null}
        autoFocus
        focusFirst={flow.wrongCodes}
      />
      {locked && (
        <div className="rf-auth__notice rf-auth__notice--error" role="alert">
          <p>{locked}</p>
          {/* The mailed sign-in link is not touched by the wrong-code limits: the plain way in. */}
          <p className="rf-auth__link-way">
            <strong>We sent you a link; it still works.</strong> Open the email we sent to{' '}
            <strong>{email}</strong> and select its sign-in link, in this browser.
          </p>
        </div>
      )}
      <Button
        type="submit"
        fullWidth
        size="lg"
        busy={verifying}
        busyLabel="Verifying OTP..."
        disabled={code.length !== OTP_LENGTH || verified || locked !== null}
      >
        Verify OTP
      </Button>
      <div className="rf-auth__code-actions">
        <ResendCode
          secondsLeft={flow.resendSecondsLeft}
          busy={resending}
          onResend={() => void flow.resend()}
        />
        <Button
          variant="ghost"
          onClick={flow.changeEmail}
          disabled={verifying || verified || resending}
        >
          Change email
        </Button>
      </div>
    </form>
  );
}
