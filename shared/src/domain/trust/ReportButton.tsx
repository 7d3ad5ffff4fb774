import { useId, useState } from 'react';
import {
  Button,
  errorMessage,
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  sendReport,
  toast,
  type ReportReason,
  type ReportTarget,
} from '@referio/shared';
import { Modal } from '../../ui/Modal';
import './ReportButton.css';

export interface ReportButtonProps {
  targetKind: ReportTarget;
  targetId: string;
  /** What is reported, for the button's accessible name and the dialog's title ("this job post"). */
  what: string;
  size?: 'sm' | 'md';
  className?: string;
}

/**
 * "Report": a dialog with a reason (radio buttons) and an optional note; sends POST /trust/report and
 * says thanks (docs/trust-and-safety.md). A refusal (the daily limit) is shown in the dialog.
 */
export function ReportButton({
  targetKind,
  targetId,
  what,
  size = 'sm',
  className,
}: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const close = () => {
    setOpen(false);
    setReason(null);
    setNote('');
    setError(null);
  };
  const submit = async () => {
    if (!reason) {
      setError('Choose a reason');
      return;
    }
    setBusy(true);
    try {
      const { message } = await sendReport({ targetKind, targetId, reason, note });
      toast.success(message);
      close();
    } catch (e) {
      setError(errorMessage(e, 'Your report could not be sent. Try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size={size}
        variant="ghost"
        className={className}
        onClick={() => setOpen(true)}
        aria-label={`Report ${what}`}
      >
        Report
      </Button>
      <Modal
        open={open}
        onClose={close}
        title={`Report ${what}`}
        size="sm"
        className="rf-report"
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button busy={busy} onClick={() => void submit()}>
              Send report
            </Button>
          </>
        }
      >
        <fieldset className="rf-report__reasons rf-choice-set">
          <legend>Why are you reporting it?</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r} className="rf-report__reason">
              <input
                type="radio"
                name={`${id}-reason`}
                value={r}
                checked={reason === r}
                onChange={() => {
                  setReason(r);
                  setError(null);
                }}
              />
              {REPORT_REASON_LABELS[r]}
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${id}-note`} className="rf-report__note-label">
          Anything our team should know (optional)
        </label>
        <textarea
          id={`${id}-note`}
          className="rf-input"
          rows={3}
          maxLength={REPORT_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        {error && (
          <p role="alert" className="rf-field__error">
            {error}
          </p>
        )}
      </Modal>
    </>
  );
}
