import {
  type InputHTMLAttributes,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cx } from './cx';
import { Field, useField, type FieldChrome } from './Field';

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
  const { frame, control } = useField({ label, error, hint, hideLabel, id, className });
  return (
    <Field {...frame} required={input.required}>
      <input ref={ref} className={cx('rf-input', inputClassName)} {...control} {...input} />
    </Field>
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
  const { frame, control } = useField({ label, error, hint, hideLabel, id, className });
  return (
    <Field {...frame} required={area.required}>
      <textarea ref={ref} className="rf-input rf-input--area" {...control} {...area} />
    </Field>
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
  const { frame, control } = useField({ label, error, hint, hideLabel, id, className });
  return (
    <Field {...frame} required={select.required}>
      <select ref={ref} className="rf-input rf-input--select" {...control} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
