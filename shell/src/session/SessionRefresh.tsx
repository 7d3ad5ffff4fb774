import { useEffect } from 'react';
import { getMe, isApiError, isSignedIn, useSessionStore } from '@referio/shared';

/**
 * At start-up, a stored session is checked with the server: 401 means it ended (sign out here too);
 * otherwise the fresh user data replaces the stored copy. Renders nothing.
 */
export function SessionRefresh() {
  useEffect(() => {
    if (!isSignedIn()) return;
    let active = true;
    getMe()
      .then((answer) => {
        if (active && isSignedIn()) useSessionStore.getState().setUser(answer.data);
      })
      .catch((err: unknown) => {
        if (isApiError(err) && err.status === 401) useSessionStore.getState().signOut();
        else console.warn('[referio] could not refresh the session', err);
      });
    return () => {
      active = false;
    };
  }, []);
  return null;
}
