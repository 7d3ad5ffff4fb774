import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { authQueries, isApiError, isSignedIn, useSessionStore } from '@referio/shared';

/**
 * At start-up, a stored session is checked with the server (`authQueries.me`): 401 means it ended (sign out
 * here too); otherwise the fresh user data replaces the stored copy. Renders nothing.
 */
export function SessionRefresh() {
  // The user stored when the site opened: a sign-in later in the visit is fresh already.
  const [storedUserId] = useState(() => {
    if (!isSignedIn()) return undefined;
    const s = useSessionStore.getState();
    return (s.currentUserInfo ?? s.applicantUser ?? s.referrerUser)?.data._id || 'stored';
  });
  const me = useQuery(authQueries.me(storedUserId));
  useEffect(() => {
    if (me.data && isSignedIn()) useSessionStore.getState().setUser(me.data.data);
  }, [me.data]);
  useEffect(() => {
    const err = me.error;
    if (!err) return;
    if (isApiError(err) && err.status === 401) useSessionStore.getState().signOut();
    else console.warn('[referio] could not refresh the session', err);
  }, [me.error]);
  return null;
}
