// The message input and the Send button (off while the text is blank or a message is being sent).
import { useId, type FormEvent } from 'react';
import { MESSAGE_MAX_LENGTH } from '@referio/shared';

interface Props {
  /** The other person's name, for the input's label. */
  name: string;
  text: string;
  setText: (text: string) => void;
  sending: boolean;
  blank: boolean;
  submit: (e: FormEvent) => Promise<void>;
}

export function Composer({ name, text, setText, sending, blank, submit }: Props) {
  const inputId = useId();
  return (
    <form className="chat__composer" onSubmit={(e) => void submit(e)}>
      <label htmlFor={inputId} className="rf-visually-hidden">
        Message to {name}
      </label>
      <input
        id={inputId}
        className="chat__input"
        type="text"
        placeholder="Type something..."
        autoComplete="off"
        maxLength={MESSAGE_MAX_LENGTH}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button
        type="submit"
        className="chat__send"
        disabled={blank || sending}
        aria-label={sending ? 'Sending' : 'Send'}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M3 20 21 12 3 4v6l12 2-12 2z" fill="currentColor" />
        </svg>
      </button>
    </form>
  );
}
