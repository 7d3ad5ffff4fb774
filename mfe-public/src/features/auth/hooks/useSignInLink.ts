import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  checkLink,
  errorMessage,
  revertEmailChange,
  verifyLink,
  type SessionResponse,
} from '@referio/shared';

export const LINK_FAILED_MESSAGE =
  'This sign-in link could not be used. Please request a new code.';
export const REVERT_FAILED_MESSAGE = 'This link could not be used.';

export type SignInLinkState =
  | { status: 'none' }
  | { status: 'working' }
  /** Opened in another browser than the one that asked, or over another account: ask first. */
  | { status: 'confirm'; email: string; signedInEmail: string | null }
  | { status: 'failed'; message: string }
  /** A "this wasn't me" link was used: the answer to show. */
  | { status: 'reverted'; message: string };

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** The token of a mailed sign-in link: `/sign-in#link=<token>`. */
export function linkTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('link');
  return token && TOKEN.test(token) ? token : null;
}

/** The token of a "this wasn't me" link mailed to the old address: `/sign-in#revert=<token>`. */
export function revertTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('revert');
  return token && TOKEN.test(token) ? token : null;
}

/**
 * Opening a mailed link at /sign-in: the page reads the token from the address's fragment (which no
 * server ever sees) and removes it from the address bar and the history at once.
 * - A sign-in link signs in at once only in the browser that asked for it (and not over another
 *   account's session); anywhere else the page asks "Sign in as {address}?" first, so nobody is switched
 *   into someone else's account by opening their link (login CSRF). `confirm()` says yes.
 * - A "this wasn't me" link puts the old sign-in e-mail back and ends every session.
 */
export function useSignInLink(onSignedIn: (answer: SessionResponse) => void): SignInLinkState & {
  confirm(): void;
  cancel(): void;
} {
  const location = useLocation();
  const navigate = useNavigate();
  // 'working' from the effect on: the server renders the page without the fragment, and the first render in the
  // browser must be the server's HTML (hydration).
  const [state, setState] = useState<SignInLinkState>({ status: 'none' });
  const started = useRef(false);
  const token = useRef<string | null>(null);
  const done = useRef(onSignedIn);
  useEffect(() => {
    done.current = onSignedIn;
  });

  const signIn = useCallback(async (t: string, confirm: boolean) => {
    setState({ status: 'working' });
    try {
      done.current(await verifyLink(confirm ? { token: t, confirm: true } : { token: t }));
    } catch (err) {
      setState({ status: 'failed', message: errorMessage(err, LINK_FAILED_MESSAGE) });
    }
  }, []);

  useEffect(() => {
    if (started.current) return;
    const link = linkTokenOf(location.hash);
    const revert = revertTokenOf(location.hash);
    if (!link && !revert) return;
    started.current = true;
    setState({ status: 'working' });
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    if (revert) {
      revertEmailChange({ token: revert }).then(
        (answer) => setState({ status: 'reverted', message: answer.message }),
        (err: unknown) =>
          setState({ status: 'failed', message: errorMessage(err, REVERT_FAILED_MESSAGE) }),
      );
      return;
    }
    token.current = link;
    checkLink({ token: link! }).then(
      (check) => {
        const overAnother = check.signedInEmail !== null && check.signedInEmail !== check.email;
        if (check.sameBrowser && !overAnother) void signIn(link!, false);
        else
          setState({
            status: 'confirm',
            email: check.email,
            signedInEmail: check.signedInEmail,
          });
      },
      (err: unknown) =>
        setState({ status: 'failed', message: errorMessage(err, LINK_FAILED_MESSAGE) }),
    );
  }, [location.hash, location.pathname, location.search, navigate, signIn]);

  return {
    ...state,
    confirm: () => {
      if (token.current) void signIn(token.current, true);
    },
    cancel: () => {
      token.current = null;
      setState({ status: 'none' });
    },
  };
}
