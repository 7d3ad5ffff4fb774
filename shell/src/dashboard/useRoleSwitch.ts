import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  MESSAGES,
  ROLE_APPLICANT,
  ROLE_REFERRER,
  dashboardPath,
  toast,
  updateRole,
  useCurrentUser,
  useSessionStore,
} from '@referio/shared';
import { defaultPage, roleOfMode, type DashboardMode } from './pages';

/**
 * Switches between candidate and referrer mode: updateRole on the server, then the store
 * (fresh user, role 'user' | 'referer', active page) and that mode's dashboard page.
 * Failure: the spec's 'Something went wrong. Please try again.'
 */
export function useRoleSwitch(): {
  busy: boolean;
  /** With `stay`, the page stays where it is (a link into the other mode's page switched the mode). */
  switchTo: (mode: DashboardMode, opts?: { stay?: boolean }) => Promise<boolean>;
} {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const switchTo = useCallback(
    async (mode: DashboardMode, opts: { stay?: boolean } = {}) => {
      if (!user) {
        toast.error(MESSAGES.somethingWentWrong);
        return false;
      }
      setBusy(true);
      try {
        const answer = await updateRole(user._id, {
          role: mode === 'referrer' ? ROLE_REFERRER : ROLE_APPLICANT,
        });
        const store = useSessionStore.getState();
        store.setUser(answer.data);
        store.setRole(roleOfMode(mode));
        if (opts.stay) return true;
        store.setActivePage(defaultPage[mode]);
        void navigate(dashboardPath(defaultPage[mode]));
        return true;
      } catch (err) {
        console.error('[referio] role switch failed', err);
        toast.error(MESSAGES.somethingWentWrong);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [user, navigate],
  );

  return { busy, switchTo };
}
