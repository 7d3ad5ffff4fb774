import { useState } from 'react';
import {
  Button,
  confirmEmailChange,
  errorMessage,
  Modal,
  OTP_LENGTH,
  toast,
  type Profile,
} from '@referio/shared';
import { OtpInput } from './OtpInput';

export const EMAIL_CHANGE_MESSAGES = {
  confirmed: 'Email updated successfully!',
  failed: 'Could not change the email. Please try again.',
} as const;

export interface EmailChangeDialogProps {
  /** The new address a code was sent to (the profile answer's `pendingEmail`); null: closed. */
  pendingEmail: string | null;
  onClose: () => void;
  /** The profile once the new address is the sign-in e-mail. */
  onConfirmed: (profile: Profile) => void;
}

/**
 * A new sign-in e-mail takes effect only with the code mailed to it: the profile forms open this
 * dialog when the save answers a `pendingEmail`. Until the code is entered the account keeps the old
 * address; closing the dialog leaves it so.
 */
export function EmailChangeDialog({ pendingEmail, onClose, onConfirmed }: EmailChangeDialogProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setCode('');
    setError(null);
    onClose();
  };

  const confirm = async (otp: string) => {
    if (!pendingEmail || busy || otp.length !== OTP_LENGTH) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await confirmEmailChange({ email: pendingEmail, otp });
      toast.success(EMAIL_CHANGE_MESSAGES.confirmed);
      setCode('');
      onConfirmed(answer.data);
    } catch (err) {
      setCode('');
      setError(errorMessage(err, EMAIL_CHANGE_MESSAGES.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={pendingEmail !== null}
      onClose={close}
      title="Confirm your new email"
      size="sm"
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={busy}>
            Keep the old email
          </Button>
          <Button
            onClick={() => void confirm(code)}
            busy={busy}
            busyLabel="Verifying OTP..."
            disabled={code.length !== OTP_LENGTH}
          >
            Confirm email
          </Button>
        </>
      }
    >
      <p>
        Enter the {OTP_LENGTH}-digit code sent to <strong>{pendingEmail}</strong>. Your sign-in
        email changes only then.
      </p>
      <OtpInput
        label="Code sent to the new email"
        value={code}
        onChange={setCode}
        onComplete={(full) => void confirm(full)}
        error={error}
        autoFocus
      />
    </Modal>
  );
}
