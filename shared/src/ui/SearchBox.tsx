import { useCallback, useEffect, useId, useRef, type FormEvent, type Ref } from 'react';
import { cx } from './cx';

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter pressed (searches without waiting for the debounce). */
  onSubmit?: (value: string) => void;
  placeholder?: string;
  /** Accessible name; defaults to the placeholder. */
  label?: string;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A search field; debounce what it gives you with `useDebouncedValue(value, 500)`. */
export function SearchBox({
  value,
  onChange,
  onSubmit,
  placeholder = 'Search',
  label,
  className,
  ref,
}: SearchBoxProps) {
  const id = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const setInput = useCallback(
    (el: HTMLInputElement | null) => {
      input.current = el;
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    },
    [ref],
  );
  // Text typed into a page the server rendered, before React took it over: the box shows it, React never saw
  // it (no change event). Take it as typed, once, after the first render.
  const first = useRef({ value, onChange });
  useEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== first.current.value) first.current.onChange(typed);
  }, []);
  return (
    <form
      role="search"
      className={cx('rf-search', className)}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit?.(value);
      }}
    >
      <label htmlFor={id} className="rf-visually-hidden">
        {label ?? placeholder}
      </label>
      <span className="rf-search__icon" aria-hidden="true">
        <svg viewBox="0 0 20 20" width="18" height="18" fill="none" stroke="currentColor">
          <circle cx="9" cy="9" r="6" strokeWidth="2" />
          <path d="M14 14l4 4" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </span>
      <input
        ref={setInput}
        id={id}
        type="search"
        // Named as the job lists' URL names it: sent before the app has taken over a page the server rendered,
        // the form loads `?search=…`, which the server renders (shell/public/after-paint.js lets it through).
        name="search"
        className="rf-input rf-search__input"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </form>
  );
}
