import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorMessage, verifyLink, type SessionResponse } from '@referio/shared';

export const LINK_FAILED_MESSAGE =
  'This sign-in link could not be used. Please request a new code.';

export type SignInLinkState =
  { status: 'none' } | { status: 'working' } | { status: 'failed'; message: string };

/** The token of a mailed sign-in link: `/sign-in#link=<token>`. */
export function linkTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('link');
  return token && /^[A-Za-z0-9_-]{16,64}$/.test(token) ? token : null;
}

/**
 * Opening a mailed sign-in link: the page at /sign-in reads the token from the address's fragment
 * (which no server ever sees), removes it from the address bar and the history at once, and asks the API
 * to sign this browser in. `onSignedIn` gets the session answer; a used or expired link leaves a message.
 */
export function useSignInLink(onSignedIn: (answer: SessionResponse) => void): SignInLinkState {
  const location = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<SignInLinkState>(() =>
    linkTokenOf(location.hash) ? { status: 'working' } : { status: 'none' },
  );
  const started = useRef(false);
  const done = useRef(onSignedIn);
  useEffect(() => {
    done.current = onSignedIn;
  });
  const { mutate } = useMutation({
    mutationFn: (body: { token: string }) => verifyLink(body),
    onSuccess: (answer) => done.current(answer),
    onError: (err) =>
      setState({ status: 'failed', message: errorMessage(err, LINK_FAILED_MESSAGE) }),
  });

  useEffect(() => {
    const token = linkTokenOf(location.hash);
    if (!token || started.current) return;
    started.current = true;
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    mutate({ token });
  }, [location.hash, location.pathname, location.search, navigate, mutate]);

  return state;
}
