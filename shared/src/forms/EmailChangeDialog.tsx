import { useState, type ReactNode } from 'react';
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
  return (
    <CodeDialog
      open={pendingEmail !== null}
      title="Confirm your new email"
      cancelLabel="Keep the old email"
      confirmLabel="Confirm email"
      inputLabel="Code sent to the new email"
      intro={
        <>
          Enter the {OTP_LENGTH}-digit code sent to <strong>{pendingEmail}</strong>. Your sign-in
          email changes only then.
        </>
      }
      onClose={onClose}
      onCode={async (otp) => {
        if (!pendingEmail) return;
        const answer = await confirmEmailChange({ email: pendingEmail, otp });
        toast.success(EMAIL_CHANGE_MESSAGES.confirmed);
        onConfirmed(answer.data);
      }}
    />
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
  return (
    <CodeDialog
      open={message !== null}
      title="Confirm it's you"
      cancelLabel="Cancel"
      confirmLabel="Confirm"
      inputLabel="Code sent to your current email"
      intro={message}
      onClose={onClose}
      onCode={onCode}
    />
  );
}

/**
 * A dialog that asks for a mailed code: checked by itself once all digits are in, or with the confirm
 * button; a refusal shows beside the code (which is cleared); closing forgets both.
 */
function CodeDialog({
  open,
  title,
  cancelLabel,
  confirmLabel,
  inputLabel,
  intro,
  onClose,
  onCode,
}: {
  open: boolean;
  title: string;
  cancelLabel: string;
  confirmLabel: string;
  inputLabel: string;
  intro: ReactNode;
  onClose: () => void;
  /** Uses the code; rejects with the error to show. */
  onCode: (otp: string) => Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setCode('');
    setError(null);
    onClose();
  };
  const submit = async (otp: string) => {
    if (!open || busy || otp.length !== OTP_LENGTH) return;
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
      open={open}
      onClose={close}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            onClick={() => void submit(code)}
            busy={busy}
            busyLabel="Verifying OTP..."
            disabled={code.length !== OTP_LENGTH}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{intro}</p>
      <OtpInput
        label={inputLabel}
        value={code}
        onChange={setCode}
        onComplete={(full) => void submit(full)}
        error={error}
        autoFocus
      />
    </Modal>
  );
}
