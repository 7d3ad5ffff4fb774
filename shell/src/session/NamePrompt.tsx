// A name at first sign-in: people who have none yet (a new account, or one made before names were asked
// for) are asked once, right after signing in, for the name others will see on referral requests, in chat,
// in notifications and in e-mails instead of their address. Saved through PUT /auth/name.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import {
  Button,
  Modal,
  TextField,
  errorMessage,
  updateName,
  useCurrentUser,
  useSessionStore,
} from '@referio/shared';
import { FULL_NAME_MAX, fullNameSchema } from '@referio/shared/contract';
import './NamePrompt.css';

export const NAME_PROMPT_TEXT = {
  title: "What's your name?",
  why: 'Referrers and candidates see your name on referral requests, in chat and in e-mails, instead of your email address.',
  label: 'Your full name',
  save: 'Save name',
  saving: 'Saving...',
  failed: 'Your name could not be saved. Please try again.',
} as const;

/** Pages where the prompt waits: signing in is not finished there yet. */
const WAITS_ON = /^\/sign-(in|up)(\/|$)/;

export function NamePrompt() {
  const user = useCurrentUser();
  const setUser = useSessionStore((s) => s.setUser);
  const { pathname } = useLocation();
  // Only in the browser after the first paint: the server's HTML never has it (no hydration mismatch).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const whyId = useId();

  const open = mounted && user !== null && user.fullName.trim() === '' && !WAITS_ON.test(pathname);

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
      open={open}
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
