// The name prompt's dialog (NamePrompt.tsx): loaded only when someone signed in has no name yet, so the
// contract's validation and the form stay out of every other page's scripts.
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Modal,
  TextField,
  errorMessage,
  updateName,
  useSessionStore,
} from '@referio/shared';
import { FULL_NAME_MAX, fullNameSchema } from '@referio/shared/contract';
import { NAME_PROMPT_TEXT } from './namePromptText';
import './NamePrompt.css';

export default function NameDialog() {
  const setUser = useSessionStore((s) => s.setUser);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const whyId = useId();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (saving) return;
    const parsed = fullNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? NAME_PROMPT_TEXT.failed);
      input.current?.focus();
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const answer = await updateName({ fullName: parsed.data });
      setUser(answer.data);
    } catch (err) {
      setError(errorMessage(err, NAME_PROMPT_TEXT.failed));
      input.current?.focus();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      // The name is needed: neither Escape nor a click outside closes the prompt.
      onClose={() => undefined}
      closeOnBackdrop={false}
      hideCloseButton
      title={NAME_PROMPT_TEXT.title}
      describedBy={whyId}
      initialFocusRef={input}
      size="sm"
    >
      <form className="name-prompt" noValidate onSubmit={(e) => void onSubmit(e)}>
        <p id={whyId} className="name-prompt__why">
          {NAME_PROMPT_TEXT.why}
        </p>
        <TextField
          ref={input}
          label={NAME_PROMPT_TEXT.label}
          name="fullName"
          autoComplete="name"
          maxLength={FULL_NAME_MAX}
          required
          value={name}
          error={error}
          onChange={(e) => {
            setName(e.target.value);
            if (error) setError(null);
          }}
        />
        <Button type="submit" fullWidth busy={saving} busyLabel={NAME_PROMPT_TEXT.saving}>
          {NAME_PROMPT_TEXT.save}
        </Button>
      </form>
    </Modal>
  );
}
