import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { logout, useSessionStore, paths } from '@referio/shared';

/**
 * Log out: ends the server session (a failure there must not keep the user signed in here),
 * then goes home and forgets the stored session. Navigating first keeps the dashboard guard from
 * sending the user to /sign-in on the way out.
 */
export function useSignOutAndLeave(): () => Promise<void> {
  const navigate = useNavigate();
  const signOut = useSessionStore((s) => s.signOut);
  return useCallback(async () => {
    try {
      await logout();
    } catch (err) {
      console.warn('[referio] logout call failed; signing out locally', err);
    }
    void navigate(paths.home());
    signOut();
  }, [navigate, signOut]);
}
