import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cx } from './cx';

interface FieldChrome {
  label: ReactNode;
  /** Shown under the field and announced; marks the field invalid. */
  error?: string | null;
  hint?: ReactNode;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
}

function useFieldIds(id: string | undefined, error?: string | null, hint?: ReactNode) {
  const auto = useId();
  const fieldId = id ?? `rf-field-${auto}`;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const describedBy = cx(hint ? hintId : null, error ? errorId : null) || undefined;
  return { fieldId, errorId, hintId, describedBy };
}

function Chrome({
  fieldId,
  errorId,
  hintId,
  label,
  error,
  hint,
  hideLabel,
  required,
  className,
  children,
}: FieldChrome & {
  fieldId: string;
  errorId: string;
  hintId: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cx('rf-field', error && 'rf-field--invalid', className)}>
      <label htmlFor={fieldId} className={cx('rf-field__label', hideLabel && 'rf-visually-hidden')}>
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
        <p id={hintId} className="rf-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="rf-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement>, FieldChrome {
  ref?: Ref<HTMLInputElement>;
  /** Class of the wrapper. */
  className?: string;
  inputClassName?: string;
}

/** A labelled input whose error is tied to it with aria-describedby and aria-invalid. */
export function TextField({
  label,
  error,
  hint,
  hideLabel,
  id,
  className,
  inputClassName,
  ref,
  ...input
}: TextFieldProps) {
  const ids = useFieldIds(id, error, hint);
  return (
    <Chrome
      {...ids}
      label={label}
      error={error}
      hint={hint}
      hideLabel={hideLabel}
      required={input.required}
      className={className}
    >
      <input
        ref={ref}
        id={ids.fieldId}
        className={cx('rf-input', inputClassName)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...input}
      />
    </Chrome>
  );
}

export interface TextAreaFieldProps
  extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldChrome {
  ref?: Ref<HTMLTextAreaElement>;
  className?: string;
}

export function TextAreaField({
  label,
  error,
  hint,
  hideLabel,
  id,
  className,
  ref,
  ...area
}: TextAreaFieldProps) {
  const ids = useFieldIds(id, error, hint);
  return (
    <Chrome
      {...ids}
      label={label}
      error={error}
      hint={hint}
      hideLabel={hideLabel}
      required={area.required}
      className={className}
    >
      <textarea
        ref={ref}
        id={ids.fieldId}
        className="rf-input rf-input--area"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...area}
      />
    </Chrome>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement>, FieldChrome {
  options: readonly SelectOption[];
  /** A first, empty choice such as 'Select'. */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
  className?: string;
}

export function SelectField({
  label,
  error,
  hint,
  hideLabel,
  id,
  className,
  options,
  placeholder,
  ref,
  ...select
}: SelectFieldProps) {
  const ids = useFieldIds(id, error, hint);
  return (
    <Chrome
      {...ids}
      label={label}
      error={error}
      hint={hint}
      hideLabel={hideLabel}
      required={select.required}
      className={className}
    >
      <select
        ref={ref}
        id={ids.fieldId}
        className="rf-input rf-input--select"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Chrome>
  );
}
