import {
  useEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
  type ChangeEvent,
} from 'react';
import { cx, OTP_LENGTH } from '@referio/shared';

export interface OtpInputProps {
  /** Controlled code (digits only, up to `length`); leave out to let the boxes keep it. */
  value?: string;
  onChange?: (code: string) => void;
  /** Called once each time the last empty box is filled, with the whole code. */
  onComplete?: (code: string) => void;
  length?: number;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Names the group, e.g. 'One-time code'. */
  label?: string;
  /** Marks the boxes invalid and announces the message. */
  error?: string | null;
  className?: string;
  /** Each new value empties nothing by itself but moves the focus to the first box (after a wrong code). */
  focusFirst?: number;
}

const toDigits = (code: string, length: number) =>
  Array.from({ length }, (_, i) => (/^[0-9]$/.test(code[i] ?? '') ? code[i]! : ''));

/**
 * Single-digit boxes for an e-mailed code: typing moves to the next box, Backspace on an empty
 * box moves back, pasting a whole code fills every box.
 */
export function OtpInput({
  value,
  onChange,
  onComplete,
  length = OTP_LENGTH,
  disabled = false,
  autoFocus = false,
  label = 'One-time code',
  error,
  className,
  focusFirst = 0,
}: OtpInputProps) {
  // The boxes keep their positions (clearing box 1 of '1234' leaves '_234', not '234_'); a controlled value
  // that differs from them (set or reset by the parent) replaces them.
  const [own, setOwn] = useState<string[]>(() => toDigits(value ?? '', length));
  const digits = value !== undefined && value !== own.join('') ? toDigits(value, length) : own;
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  useEffect(() => {
    if (focusFirst > 0) boxes.current[0]?.focus();
  }, [focusFirst]);

  const focusBox = (i: number) => {
    const el = boxes.current[Math.max(0, Math.min(length - 1, i))];
    el?.focus();
    el?.select();
  };

  const commit = (next: string[]) => {
    const wasComplete = digits.every(Boolean);
    const code = next.join('');
    setOwn(next);
    onChange?.(code);
    if (next.every(Boolean) && (!wasComplete || code !== digits.join(''))) onComplete?.(code);
  };

  const onInput = (i: number, e: ChangeEvent<HTMLInputElement>) => {
    const typed = e.target.value.replace(/[^0-9]/g, '');
    if (e.target.value !== '' && typed === '') return; // not a digit: ignore
    const next = [...digits];
    next[i] = typed.slice(-1);
    commit(next);
    if (typed && i < length - 1) focusBox(i + 1);
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !digits[i] && i > 0) {
      e.preventDefault();
      focusBox(i - 1);
    } else if (e.key === 'ArrowLeft' && i > 0) {
      e.preventDefault();
      focusBox(i - 1);
    } else if (e.key === 'ArrowRight' && i < length - 1) {
      e.preventDefault();
      focusBox(i + 1);
    }
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    const pasted = e.clipboardData.getData('text').replace(/[^0-9]/g, '');
    e.preventDefault();
    if (!pasted) return;
    const from = pasted.length >= length ? 0 : i;
    const next = [...digits];
    for (let k = 0; k < pasted.length && from + k < length; k++) next[from + k] = pasted[k]!;
    commit(next);
    focusBox(Math.min(length - 1, from + pasted.length));
  };

  return (
    <div className={cx('rf-otp', error && 'rf-otp--invalid', className)}>
      <div role="group" aria-label={label} className="rf-otp__boxes">
        {digits.map((d, i) => (
          <input
            key={i}
            ref={(el) => {
              boxes.current[i] = el;
            }}
            className="rf-otp__box"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            // No maxLength: a digit typed into a full box (caret after its digit) must still replace it.
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${i + 1} of ${length}`}
            aria-invalid={error ? true : undefined}
            value={d}
            disabled={disabled}
            autoFocus={autoFocus && i === 0}
            onChange={(e) => onInput(i, e)}
            onKeyDown={(e) => onKeyDown(i, e)}
            onPaste={(e) => onPaste(i, e)}
            onFocus={(e: FocusEvent<HTMLInputElement>) => e.target.select()}
          />
        ))}
      </div>
      {error && (
        <p className="rf-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
