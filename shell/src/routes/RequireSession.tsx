import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useIsSignedIn, useSessionStore, useSuspension, paths } from '@referio/shared';

/**
 * The spec's guard: with no applicant or referrer session stored, storage is cleared and the user goes
 * to /sign-in (with `?next=` naming a deep link, so signing in returns there). It also fires when a session ends while the page is open (the API client signs out on 401; the live stream on its `ended`), and sends a suspended account's owner to /suspended.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const signedIn = useIsSignedIn();
  const suspended = useSuspension() !== null;
  const signOut = useSessionStore((s) => s.signOut);
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!signedIn) signOut();
  }, [signedIn, signOut]);
  // A deep link (a notification e-mail's) comes back to the same place after signing in.
  // A suspension ended the session: the page that says why, not the sign-in form.
  if (!signedIn && suspended) return <Navigate to={paths.suspended()} replace />;
  if (!signedIn) {
    const next =
      pathname === '/dashboard' && !search ? '' : `?next=${encodeURIComponent(pathname + search)}`;
    return <Navigate to={`${paths.signIn()}${next}`} replace />;
  }
  return <>{children}</>;
}
