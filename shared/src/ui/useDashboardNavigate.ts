import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DashboardPageKey } from '../contract/constants';
import { useSessionStore } from '../session/sessionStore';
import { paths } from '../site/paths';

/** `/dashboard/<key>` */
export const dashboardPath = (key: DashboardPageKey): string => paths.dashboardPage(key);

/**
 * Moves to a dashboard inner page: stores the active-page key (restored on the next visit)
 * and pushes `/dashboard/<key>`. `const go = useDashboardNavigate(); go('chat');`
 * `search` adds query parameters: `go('referralRequests', { search: { job: id } })`.
 */
export function useDashboardNavigate(): (
  key: DashboardPageKey,
  options?: { replace?: boolean; search?: Record<string, string> },
) => void {
  const navigate = useNavigate();
  const setActivePage = useSessionStore((s) => s.setActivePage);
  return useCallback(
    (key, options) => {
      setActivePage(key);
      const query = options?.search ? `?${new URLSearchParams(options.search).toString()}` : '';
      void navigate(`${dashboardPath(key)}${query}`, { replace: options?.replace ?? false });
    },
    [navigate, setActivePage],
  );
}
