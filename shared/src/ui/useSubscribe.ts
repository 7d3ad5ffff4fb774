import { useState, type FormEvent } from 'react';
import { createSubscribe } from '../api/subscribe';
import { errorMessage } from '../api/client';
import { MESSAGES } from '../contract/constants';
import { toast } from './toast';

export interface SubscribeState {
  email: string;
  setEmail: (email: string) => void;
  /** The e-mail rule's message after a submit, else null. */
  error: string | null;
  busy: boolean;
  submit: (event?: FormEvent) => Promise<void>;
}

/**
 * The subscribe box (footer and landing): checks the address with the contract's rule, posts it, then shows
 * the server's message (or the spec's fallback). The schema module loads on the first submit, not with the page.
 */
export function useSubscribe(): SubscribeState {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    try {
      const { subscribeRequest } = await import('@referio/shared/contract');
      const parsed = subscribeRequest.safeParse({ email });
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? MESSAGES.emailInvalid);
        return;
      }
      setError(null);
      const answer = await createSubscribe(parsed.data);
      toast.success(answer.message || 'Subscribed successfully!');
      setEmail('');
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.subscribeFailed));
    } finally {
      setBusy(false);
    }
  };

  return { email, setEmail, error, busy, submit };
}
