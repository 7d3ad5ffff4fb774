import { useId, useState, type KeyboardEvent } from 'react';
import { addListItem } from '@referio/shared';

export interface SkillsInputProps {
  value: string[];
  onChange: (skills: string[]) => void;
  error?: string | null;
}

/** Skills as removable chips; Enter or ',' adds what was typed (trimmed, duplicates ignored). */
export function SkillsInput({ value, onChange, error }: SkillsInputProps) {
  const id = useId();
  const [text, setText] = useState('');
  const add = () => {
    if (!text.trim()) return;
    onChange(addListItem(value, text));
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add();
    } else if (e.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };
  return (
    <div className={`rf-field cand-skills-input${error ? ' rf-field--invalid' : ''}`}>
      <label htmlFor={id} className="rf-field__label">
        Skills
      </label>
      {value.length > 0 && (
        <ul className="cand-skills" aria-label="Your skills">
          {value.map((skill) => (
            <li key={skill} className="rf-chip cand-chip">
              {skill}
              <button
                type="button"
                className="cand-chip__remove"
                aria-label={`Remove ${skill}`}
                onClick={() => onChange(value.filter((s) => s !== skill))}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="rf-row">
        <input
          id={id}
          className="rf-input cand-skills-input__field"
          value={text}
          placeholder="Type a skill and press Enter"
          aria-describedby={`${id}-hint`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setText(e.target.value.replace(/,/g, ''))}
          onKeyDown={onKeyDown}
          onBlur={add}
        />
      </div>
      <p id={`${id}-hint`} className="rf-field__hint">
        Press Enter or comma to add a skill.
      </p>
      {error && (
        <p className="rf-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
