import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Goes back one page when this tab came here from another page of the site, else to `fallback`.
 * The router gives the first page of a tab the key 'default'; any page reached inside the site has
 * its own key, so going back cannot leave the site.
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key !== 'default') void navigate(-1);
    else void navigate(fallback);
  }, [navigate, fallback, key]);
}
