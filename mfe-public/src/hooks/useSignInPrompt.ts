import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SIGN_IN_PROMPT_TOAST_MS, SIGN_IN_REDIRECT_DELAY_MS, toast } from '@referio/shared';
import { signInPathFor } from '../lib/returnTo';

/**
 * The spec's sign-in prompt: a toast that closes after 2 s, then /sign-in after 2 s.
 * `prompt(message)` shows it once (same message, same toast) and schedules the move;
 * leaving the page first cancels the move. The page that asked goes along as `?next=`, so sign-in
 * brings the user back to it.
 */
export function useSignInPrompt(): (message: string) => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );

  return useCallback(
    (message: string) => {
      toast.error(message, { toastId: message, autoClose: SIGN_IN_PROMPT_TOAST_MS });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        void navigate(signInPathFor(here));
      }, SIGN_IN_REDIRECT_DELAY_MS);
    },
    [navigate, here],
  );
}
