import { useState, type KeyboardEvent } from 'react';
import { addListItem } from '@referio/shared';
import { Field, useField } from '../ui/Field';
import '../domain/cards.css';
import { sentenceItem, splitSentences, takeFinishedSentences } from './sentences';

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
  /** A message under the field (the form's check failed). */
  error?: string | null;
  /** Names the list of chips for screen readers; the label when left out. */
  listLabel?: string;
}

/** Sentences of `text` (./sentences.ts: Intl.Segmenter, abbreviations and decimals kept whole). */
const sentencesOf = (text: string): string[] => splitSentences(text).map(sentenceItem);

/**
 * A field that collects a list: type, then Enter (or the separator) adds the text, trimmed;
 * blanks and duplicates (compared without case) are ignored; every item has a labelled remove button;
 * Backspace in the empty box removes the last one. With ',' a pasted 'a, b' adds 'a' and keeps 'b' in
 * the box; with '.' a sentence is added once the next one begins ('e.g. 3.5 years' stays one). Text still in the box when
 * the field is left is added too, so nothing typed is lost on submit.
 */
export function TagInput({
  label,
  items,
  onChange,
  separator,
  placeholder,
  itemName = 'item',
  required,
  error,
  listLabel = label,
}: TagInputProps) {
  const hint =
    separator === '.'
      ? 'Press Enter to add a sentence; a finished sentence is added when you start the next one.'
      : 'Press Enter or type \u2018,\u2019 to add.';
  const { frame, control } = useField({ label, hint, error, className: 'rf-tags' });
  const [text, setText] = useState('');

  const addAll = (parts: string[]) => {
    let next = [...items];
    for (const part of parts) next = addListItem(next, part);
    if (next.length !== items.length) onChange(next);
  };

  const add = () => {
    addAll(separator === '.' ? sentencesOf(text) : [text]);
    setText('');
  };

  const onType = (value: string) => {
    // A sentence is added once the next one has begun (typed or pasted); the rest stays in the box.
    if (separator === '.') {
      const { done, rest } = takeFinishedSentences(value);
      if (done.length > 0) {
        addAll(done);
        setText(rest.trimStart());
        return;
      }
    } else if (value.includes(',')) {
      const parts = value.split(',');
      addAll(parts.slice(0, -1));
      setText((parts[parts.length - 1] ?? '').trimStart());
      return;
    }
    setText(value);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || (separator === ',' && e.key === ',')) {
      e.preventDefault();
      add();
    } else if (e.key === 'Backspace' && text === '' && items.length > 0) {
      onChange(items.slice(0, -1));
    }
  };

  return (
    <Field {...frame} required={required}>
      {items.length > 0 && (
        <ul className="rf-chips" aria-label={listLabel}>
          {items.map((item) => (
            <li key={item} className="rf-chip rf-tags__chip">
              <span>{item}</span>
              <button
                type="button"
                className="rf-tags__remove"
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
        {...control}
        className="rf-input"
        value={text}
        placeholder={placeholder}
        onChange={(e) => onType(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (text.trim()) add();
        }}
      />
    </Field>
  );
}
