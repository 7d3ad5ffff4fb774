import { useId } from 'react';
import {
  DECLINE_NOTE_MAX,
  DECLINE_REASONS,
  DECLINE_REASON_LABELS,
  type DeclineReason,
} from '@referio/shared';
import { TextAreaField } from '@referio/shared';
import '../cards.css';

export interface DeclineChoice {
  reason: DeclineReason | null;
  note: string;
}

export const EMPTY_DECLINE_CHOICE: DeclineChoice = { reason: null, note: '' };

/** Whether the choice can be sent: 'Other' needs a note of 1 to 280 characters. */
export function declineChoiceError(choice: DeclineChoice): string | null {
  if (choice.reason !== 'other') return null;
  const note = choice.note.trim();
  if (!note) return 'Please write a note for the reason Other.';
  if (note.length > DECLINE_NOTE_MAX)
    return `The note can be at most ${DECLINE_NOTE_MAX} characters.`;
  return null;
}

/**
 * What updateReferralStatus sends with a decline of this choice: `{ reason }`, `{ reason: 'other', note }`,
 * or nothing (the spec's `{ status }` alone).
 */
export function declineDetails(
  choice: DeclineChoice,
): { reason: DeclineReason; note?: string } | undefined {
  if (!choice.reason) return undefined;
  return choice.reason === 'other'
    ? { reason: 'other', note: choice.note.trim() }
    : { reason: choice.reason };
}

export interface DeclineReasonFieldsProps {
  value: DeclineChoice;
  onChange: (choice: DeclineChoice) => void;
  /** Shown under the note once the referrer tried to confirm. */
  showError?: boolean;
  disabled?: boolean;
}

/**
 * The reasons 'Confirm Decline' offers (optional: the spec's decline without a reason still works), and
 * the note of 'Other' (at most 280 characters). The candidate sees the reason on the declined card.
 */
export function DeclineReasonFields({
  value,
  onChange,
  showError = false,
  disabled = false,
}: DeclineReasonFieldsProps) {
  const name = useId();
  const error = showError ? declineChoiceError(value) : null;
  const left = DECLINE_NOTE_MAX - value.note.trim().length;
  return (
    <fieldset className="rf-decline" disabled={disabled}>
      <legend className="rf-decline__legend">Reason (optional, shown to the candidate)</legend>
      <div className="rf-decline__options">
        {DECLINE_REASONS.map((r) => (
          <label key={r} className="rf-decline__option">
            <input
              type="radio"
              name={name}
              value={r}
              checked={value.reason === r}
              onChange={() => onChange({ ...value, reason: r })}
            />
            <span>{DECLINE_REASON_LABELS[r]}</span>
          </label>
        ))}
      </div>
      {value.reason === 'other' && (
        <TextAreaField
          label="Note"
          value={value.note}
          maxLength={DECLINE_NOTE_MAX}
          rows={3}
          required
          hint={`${left} characters left`}
          error={error ?? undefined}
          onChange={(e) => onChange({ ...value, note: e.target.value })}
        />
      )}
    </fieldset>
  );
}
