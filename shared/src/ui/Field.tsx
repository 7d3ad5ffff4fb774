import { useId, type ReactNode } from 'react';
import { cx } from './cx';

/** What every labelled field shows around its control. */
export interface FieldChrome {
  label: ReactNode;
  /** Shown under the field and announced; marks the field invalid. */
  error?: string | null;
  hint?: ReactNode;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
}

export interface FieldIds {
  fieldId: string;
  errorId: string;
  hintId: string;
  /** The hint and error ids the control is described by, when they are shown. */
  describedBy: string | undefined;
}

function useFieldIds(id: string | undefined, error?: string | null, hint?: ReactNode): FieldIds {
  const auto = useId();
  const fieldId = id ?? `rf-field-${auto}`;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const describedBy = cx(hint ? hintId : null, error ? errorId : null) || undefined;
  return { fieldId, errorId, hintId, describedBy };
}

export interface FieldProps extends FieldChrome {
  ids: FieldIds;
  required?: boolean;
  /** The frame's own class: 'rf-field', or 'rf-file' for the file picker. */
  base?: string;
  /** Further classes of the frame. */
  className?: string;
  /** The control, between the label and the hint. */
  children: ReactNode;
  /** Shown after the hint and the error. */
  after?: ReactNode;
}

/** The frame of a labelled field: its label (with a required mark), the control, its hint and its error. */
export function Field({
  ids,
  label,
  error,
  hint,
  hideLabel,
  required,
  base = 'rf-field',
  className,
  children,
  after,
}: FieldProps) {
  return (
    <div className={cx(base, error && 'rf-field--invalid', className)}>
      <label
        htmlFor={ids.fieldId}
        className={cx('rf-field__label', hideLabel && 'rf-visually-hidden')}
      >
        {label}
        {required && (
          <span className="rf-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={ids.hintId} className="rf-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.errorId} className="rf-field__error" role="alert">
          {error}
        </p>
      )}
      {after}
    </div>
  );
}

/**
 * What a field hands its frame (label, error, hint, hideLabel, className) and its control (the id, and
 * aria-invalid and aria-describedby that tie the hint and the error to it).
 */
export function useField({ id, ...chrome }: FieldChrome & { id?: string; className?: string }): {
  frame: FieldChrome & { ids: FieldIds; className?: string };
  control: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
} {
  const ids = useFieldIds(id, chrome.error, chrome.hint);
  const control = {
    id: ids.fieldId,
    'aria-invalid': chrome.error ? (true as const) : undefined,
    'aria-describedby': ids.describedBy,
  };
  return { frame: { ...chrome, ids }, control };
}
