import { useId, useState, type KeyboardEvent } from 'react';
import { addListItem } from '@referio/shared';

export interface TagInputProps {
  label: string;
  items: readonly string[];
  onChange: (items: string[]) => void;
  /** Keys besides Enter that add the typed text: ',' for skills and notes, '.' for sentences. */
  separator: ',' | '.';
  placeholder?: string;
  /** Names one item in its remove button, e.g. 'skill'. */
  itemName?: string;
  required?: boolean;
}

/**
 * A field that collects a list: type, then Enter (or the separator) adds the text, trimmed;
 * blanks and duplicates are ignored; every item has a labelled remove button.
 */
export function TagInput({
  label,
  items,
  onChange,
  separator,
  placeholder,
  itemName = 'item',
  required,
}: TagInputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [text, setText] = useState('');

  const add = () => {
    const next = addListItem(items, text);
    if (next.length !== items.length) onChange(next);
    setText('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === separator) {
      e.preventDefault();
      add();
    } else if (e.key === 'Backspace' && text === '' && items.length > 0) {
      onChange(items.slice(0, -1));
    }
  };

  return (
    <div className="rf-field rr-tags">
      <label htmlFor={id} className="rf-field__label">
        {label}
        {required && (
          <span className="rf-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {items.length > 0 && (
        <ul className="rr-chips" aria-label={label}>
          {items.map((item) => (
            <li key={item} className="rf-chip rr-tags__chip">
              <span>{item}</span>
              <button
                type="button"
                className="rr-tags__remove"
                aria-label={`Remove ${itemName} ${item}`}
                onClick={() => onChange(items.filter((i) => i !== item))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        className="rf-input"
        value={text}
        placeholder={placeholder}
        aria-describedby={hintId}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id={hintId} className="rf-field__hint">
        Press Enter or type &lsquo;{separator}&rsquo; to add.
      </p>
    </div>
  );
}
