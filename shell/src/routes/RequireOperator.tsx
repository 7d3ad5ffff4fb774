import { useEffect, useState, type ReactNode } from 'react';
import { apiClient, type Envelope } from '@referio/shared';
import { MainArea } from '../layout/SiteLayout';
import NotFound from './NotFound';

/**
 * The role gate of operator pages (mfe-admin, docs/trust-and-safety.md): the page's remote is loaded
 * only once GET /api/admin/me says the signed-in user is an operator; anyone else sees 'Page not found'
 * (the console's existence is not advertised). The API refuses non-operators whatever the shell shows.
 */
export function RequireOperator({ children }: { children: ReactNode }) {
  const [operator, setOperator] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    apiClient
      .get<Envelope<{ operator: boolean }>>('/admin/me')
      .then((r) => live && setOperator(r.data.data.operator))
      .catch(() => live && setOperator(false));
    return () => {
      live = false;
    };
  }, []);
  if (operator === null) return <p aria-busy="true">Loading…</p>;
  if (!operator)
    return (
      <MainArea>
        <NotFound />
      </MainArea>
    );
  return <>{children}</>;
}
