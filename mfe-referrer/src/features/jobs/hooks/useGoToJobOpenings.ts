import { useState } from 'react';
import {
  MESSAGES,
  ROLE_REFERRER,
  toast,
  updateRole,
  useCurrentUser,
  useDashboardNavigate,
  useRole,
  useSessionStore,
} from '@referio/shared';

/**
 * 'Go to Job Openings' after a post: job openings live in referrer mode, so a candidate-mode user is
 * switched to it first (`switching` meanwhile); then the Job Posts page opens. `done` runs before it.
 */
export function useGoToJobOpenings(done: () => void) {
  const user = useCurrentUser();
  const role = useRole();
  const go = useDashboardNavigate();
  const [switching, setSwitching] = useState(false);

  const goToJobOpenings = async () => {
    if (role !== 'referer') {
      if (!user) {
        toast.error(MESSAGES.userNotFound);
        return;
      }
      setSwitching(true);
      try {
        const answer = await updateRole(user._id, { role: ROLE_REFERRER });
        const store = useSessionStore.getState();
        store.setUser(answer.data);
        store.setRole('referer');
      } catch (err) {
        console.error('[referio] switch to referrer mode failed', err);
        toast.error(MESSAGES.somethingWentWrong);
        setSwitching(false);
        return;
      }
      setSwitching(false);
    }
    done();
    go('jobPosts');
  };

  return { switching, goToJobOpenings };
}
