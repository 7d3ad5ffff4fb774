import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, SUGGESTION_KIND_LABELS, type JobSuggestion } from '@referio/shared/islands';
import { useSuggestions } from '../hooks/useSuggestions';
import './SuggestSearch.css';

export interface SuggestSearchProps {
  /** The field's id (fixed: the box may be an island); the list and its options are named after it. */
  id: string;
  /** The field's accessible name. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** A suggestion chosen (Enter on it, a click or a tap). */
  onPick: (suggestion: JobSuggestion) => void;
  /**
   * Enter or the button without a suggestion chosen. Without it the form is sent as HTML sends it (a GET
   * of `action` with `search`): a server-rendered page's box works before any script has run.
   */
  onSubmit?: (value: string) => void;
  /** Where the form goes when it is sent as HTML (the job list). */
  action?: string;
  /** A visible submit button's text (none without it). */
  submitLabel?: string;
  className?: string;
}

/**
 * A search box that suggests while typing: the WAI-ARIA combobox pattern (a text field with a listbox
 * popup, the active option by `aria-activedescendant`). Down and Up move through the suggestions (and
 * open them), Enter picks the active one or sends the search, Escape closes them; a click or a tap picks.
 * Each suggestion says what it is (job title, skill, company, location).
 */
export function SuggestSearch(props: SuggestSearchProps) {
  const { id, label, placeholder, value, onChange, onSubmit, action } = props;
  const input = useTypedBeforeTakeOver(value, onChange);
  const box = useCombobox(useSuggestions(value), props.onPick);
  // A field focused before React took the page over had no focus event React saw.
  useEffect(() => {
    if (input.current && input.current === document.activeElement) box.setFocused(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after the take-over
  }, []);
  const listId = `${id}-suggestions`;
  const optionId = (i: number) => `${id}-suggestion-${i}`;
  const submit = (e: FormEvent) => {
    box.close();
    if (!onSubmit) return;
    e.preventDefault();
    onSubmit(value);
  };

  return (
    <form
      role="search"
      className={['rf-search', 'rf-suggest', props.className].filter(Boolean).join(' ')}
      action={action}
      method="get"
      onSubmit={submit}
    >
      <label htmlFor={id} className="rf-visually-hidden">
        {label}
      </label>
      <SearchIcon />
      <input
        ref={input}
        id={id}
        type="search"
        name="search"
        className="rf-input rf-search__input"
        placeholder={placeholder}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={box.open}
        aria-controls={listId}
        aria-activedescendant={box.open && box.active >= 0 ? optionId(box.active) : undefined}
        value={value}
        onChange={(e) => {
          // Typing is in the field, even one focused before React took the page over (no focus event then).
          box.setFocused(true);
          box.reopen();
          onChange(e.target.value);
        }}
        onKeyDown={box.onKeyDown}
        onFocus={() => box.setFocused(true)}
        onBlur={() => box.setFocused(false)}
      />
      {props.submitLabel ? (
        <Button type="submit" className="rf-suggest__submit">
          {props.submitLabel}
        </Button>
      ) : null}
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        className="rf-suggest__list"
        hidden={!box.open}
      >
        {box.open
          ? box.suggestions.map((s, i) => (
              <li
                key={`${s.kind}:${s.label}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === box.active}
                aria-label={`${s.label}, ${SUGGESTION_KIND_LABELS[s.kind]}`}
                className="rf-suggest__option"
                // The field keeps the focus (and the list stays open) while the option is pressed.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => box.pick(s)}
              >
                <span className="rf-suggest__label">{s.label}</span>
                <span className="rf-suggest__kind">{SUGGESTION_KIND_LABELS[s.kind]}</span>
              </li>
            ))
          : null}
      </ul>
    </form>
  );
}

/**
 * The popup's state: open while the field has the focus, there are suggestions and Escape (or a pick, or
 * a submit) has not closed it since the last keystroke; `active` is the chosen option (-1: none).
 */
function useCombobox(suggestions: JobSuggestion[], onPick: (s: JobSuggestion) => void) {
  const [focused, setFocused] = useState(false);
  const [closed, setClosed] = useState(false);
  const [active, setActive] = useState(-1);
  const open = focused && !closed && suggestions.length > 0;

  // A new list starts with nothing chosen.
  useEffect(() => setActive(-1), [suggestions]);

  const close = () => {
    setClosed(true);
    setActive(-1);
  };
  const pick = (s: JobSuggestion) => {
    close();
    onPick(s);
  };
  const move = (step: 1 | -1) => {
    if (!open) return setClosed(false);
    const n = suggestions.length;
    setActive((i) => (i < 0 ? (step === 1 ? 0 : n - 1) : (i + step + n) % n));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      close();
    } else if (e.key === 'Enter' && open && active >= 0) {
      e.preventDefault();
      pick(suggestions[active]!);
    }
  };
  return {
    suggestions,
    open,
    active,
    setFocused,
    close,
    reopen: () => setClosed(false),
    pick,
    onKeyDown,
  };
}

function SearchIcon() {
  return (
    <span className="rf-search__icon" aria-hidden="true">
      <svg viewBox="0 0 20 20" width="18" height="18" fill="none" stroke="currentColor">
        <circle cx="9" cy="9" r="6" strokeWidth="2" />
        <path d="M14 14l4 4" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </span>
  );
}

/**
 * The field's ref. Text typed into a page the server rendered, before React took it over, shows in the
 * field but React never saw it (no change event): it is taken as typed, once, after the first render.
 */
function useTypedBeforeTakeOver(value: string, onChange: (value: string) => void) {
  const input = useRef<HTMLInputElement | null>(null);
  const first = useRef({ value, onChange });
  useEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== first.current.value) first.current.onChange(typed);
  }, []);
  return input;
}
