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

/** The 403 the API answers when an older session asks for a new sign-in e-mail (docs/security.md). */
export const REAUTH_PREFIX = 'To change your sign-in email, enter the code we sent to';

export interface ReauthDialogProps {
  /** The API's message naming the current address the code went to; null: closed. */
  message: string | null;
  onClose: () => void;
  /** Saves again with the code; rejects with the error to show. */
  onCode: (otp: string) => Promise<void>;
}

/**
 * "Confirm it's you": an older session changing the sign-in e-mail enters the code just mailed to the
 * current address; the save is then made again with it.
 */
export function ReauthDialog({ message, onClose, onCode }: ReauthDialogProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setCode('');
    setError(null);
    onClose();
  };
  const submit = async (otp: string) => {
    if (busy || otp.length !== OTP_LENGTH) return;
    setBusy(true);
    setError(null);
    try {
      await onCode(otp);
      setCode('');
    } catch (err) {
      setCode('');
      setError(errorMessage(err, EMAIL_CHANGE_MESSAGES.failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={message !== null}
      onClose={close}
      title="Confirm it's you"
      size="sm"
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button
            onClick={() => void submit(code)}
            busy={busy}
            busyLabel="Verifying OTP..."
            disabled={code.length !== OTP_LENGTH}
          >
            Confirm
          </Button>
        </>
      }
    >
      <p>{message}</p>
      <OtpInput
        label="Code sent to your current email"
        value={code}
        onChange={setCode}
        onComplete={(full) => void submit(full)}
        error={error}
        autoFocus
      />
    </Modal>
  );
}
