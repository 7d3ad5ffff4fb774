import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { adminQueries } from '@referio/shared';
import { MainArea } from '../layout/SiteLayout';
import NotFound from './NotFound';

/**
 * The role gate of operator pages (mfe-admin, docs/trust-and-safety.md): the page's remote is loaded
 * only once GET /api/admin/me says the signed-in user is an operator; anyone else sees 'Page not found'
 * (the console's existence is not advertised). The API refuses non-operators whatever the shell shows.
 */
export function RequireOperator({ children }: { children: ReactNode }) {
  const me = useQuery({ ...adminQueries.me(), retry: false });
  if (me.isPending) return <p aria-busy="true">Loading…</p>;
  if (!me.data)
    return (
      <MainArea>
        <NotFound />
      </MainArea>
    );
  return <>{children}</>;
}
