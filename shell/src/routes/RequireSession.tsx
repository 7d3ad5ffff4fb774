import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useIsSignedIn, useSessionStore } from '@referio/shared';
import { paths } from './paths';

/**
 * The spec's guard: with no applicant or referrer session stored, storage is cleared and the user goes
 * to /sign-in. It also fires when a session ends while the page is open (the API client signs out on 401).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const signedIn = useIsSignedIn();
  const signOut = useSessionStore((s) => s.signOut);
  useEffect(() => {
    if (!signedIn) signOut();
  }, [signedIn, signOut]);
  if (!signedIn) return <Navigate to={paths.signIn()} replace />;
  return <>{children}</>;
}
