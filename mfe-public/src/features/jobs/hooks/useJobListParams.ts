import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A page number from the query string: a whole number ≥ 1, else 1. */
export function parsePage(raw: string | null): number {
  if (!raw || !/^\d+$/.test(raw)) return 1;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/**
 * The list's place, kept in the URL so back/forward and reload keep it:
 * `page` (1-based; absent means 1) and `search`.
 * Paging pushes a history entry; a new search replaces the entry and starts again at page 1.
 */
export function useJobListParams() {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const search = params.get('search') ?? '';

  const setPage = useCallback(
    (next: number) => {
      setParams((prev) => {
        const out = new URLSearchParams(prev);
        if (next <= 1) out.delete('page');
        else out.set('page', String(next));
        return out;
      });
    },
    [setParams],
  );

  const setSearch = useCallback(
    (next: string) => {
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          const term = next.trim();
          if (term) out.set('search', term);
          else out.delete('search');
          out.delete('page');
          return out;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return useMemo(() => ({ page, search, setPage, setSearch }), [page, search, setPage, setSearch]);
}
