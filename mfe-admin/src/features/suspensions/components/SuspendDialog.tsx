import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, Modal, SUSPEND_REASON_MAX, TextAreaField, TRUST_MESSAGES } from '@referio/shared';
import { nameOf, type Person } from '../hooks/useSuspension';

export interface SuspendDialogProps {
  person: Person;
  /** The reason the field starts with (a report's reason). */
  defaultReason?: string;
  /** Suspends; answers null when done, else the refusal to show. */
  onSuspend: (reason: string) => Promise<string | null>;
  onClose: () => void;
}

/**
 * Asks for the reason (the user is told it) and for confirmation, saying what a suspension does and that
 * it can be undone. A modal dialog: focus starts in the reason, stays inside, Escape closes.
 */
export function SuspendDialog({
  person,
  defaultReason = '',
  onSuspend,
  onClose,
}: SuspendDialogProps) {
  const formId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState(defaultReason);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = nameOf(person);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setError(TRUST_MESSAGES.suspendReasonMissing);
      reasonRef.current?.focus();
      return;
    }
    setBusy(true);
    const refusal = await onSuspend(reason.trim());
    setBusy(false);
    if (refusal) setError(refusal);
    else onClose();
  };

  return (
    <Modal
      open
      onClose={() => !busy && onClose()}
      title={`Suspend ${name}?`}
      size="sm"
      initialFocusRef={reasonRef}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" type="submit" form={formId} busy={busy}>
            Suspend
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
        <p className="rf-admin__consequence">
          {name} ({person.email}) can no longer sign in, their open jobs close and their pending
          referral requests end. You can undo this with Unsuspend.
        </p>
        <TextAreaField
          ref={reasonRef}
          label="Reason"
          hint={`${name} is told this reason by e-mail and when they try to sign in.`}
          required
          rows={3}
          maxLength={SUSPEND_REASON_MAX}
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
        />
      </form>
    </Modal>
  );
}
