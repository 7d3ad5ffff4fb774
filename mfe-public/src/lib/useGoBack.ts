import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/** Whether this tab has a page of ours to go back to (react-router keeps the history index). */
export function hasHistoryBack(): boolean {
  const state = (typeof window !== 'undefined' ? window.history.state : null) as {
    idx?: number;
  } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** Goes back one page when there is one of ours, else to `fallback`. */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (hasHistoryBack()) void navigate(-1);
    else void navigate(fallback);
  }, [navigate, fallback]);
}
