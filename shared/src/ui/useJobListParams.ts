import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { JOB_FILTER_KEYS, readJobFilters, type JobFilterKey } from '../contract/filters';
import { SEARCH_DEBOUNCE_MS } from '../contract/constants';
import { useDebouncedValue } from './useDebouncedValue';

/** A page number from the query string: a whole number ≥ 1, else 1. */
export function parsePage(raw: string | null): number {
  if (!raw || !/^\d+$/.test(raw)) return 1;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/**
 * A job list's place, kept in the URL so reload and Back keep it: `page` (1-based; absent means 1),
 * `search` and the filters (`jobType`, `location`, `industry`, `experience`, `company`).
 * Paging and filtering push a history entry (Back undoes them); a new search replaces the entry. A new
 * search or filter starts again at page 1.
 */
export function useJobListParams() {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const search = params.get('search') ?? '';
  const filterKey = JOB_FILTER_KEYS.map((k) => params.get(k) ?? '').join('\u0000');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- filterKey is the filters' value
  const filters = useMemo(() => readJobFilters(params), [filterKey]);

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

  /** Sets one filter (undefined or '' removes it). */
  const setFilter = useCallback(
    (key: JobFilterKey, value: string | undefined) => {
      setParams((prev) => {
        const out = new URLSearchParams(prev);
        if (value) out.set(key, value);
        else out.delete(key);
        out.delete('page');
        return out;
      });
    },
    [setParams],
  );

  const clearFilters = useCallback(() => {
    setParams((prev) => {
      const out = new URLSearchParams(prev);
      for (const k of JOB_FILTER_KEYS) out.delete(k);
      out.delete('page');
      return out;
    });
  }, [setParams]);

  return useMemo(
    () => ({ page, search, filters, setPage, setSearch, setFilter, clearFilters }),
    [page, search, filters, setPage, setSearch, setFilter, clearFilters],
  );
}

export type JobListParams = ReturnType<typeof useJobListParams>;

/**
 * The search box of a job list, tied to the URL's `search`: what is typed becomes the search once it
 * rests for `delayMs` (or at once on Enter); a search changed under it (Back, a link) shows in the box.
 */
export function useSearchInput(
  search: string,
  setSearch: (term: string) => void,
  delayMs: number = SEARCH_DEBOUNCE_MS,
) {
  const [input, setInput] = useState(search);
  const debounced = useDebouncedValue(input, delayMs);
  const lastSearch = useRef(search);
  // The newest setter, read when the typed text settles: the router's changes with every URL, and an
  // effect that re-ran then would send a text that had not settled yet again over a search just
  // submitted (Enter, or a suggestion picked, before the debounce).
  const setSearchNow = useRef(setSearch);
  useEffect(() => {
    setSearchNow.current = setSearch;
  }, [setSearch]);

  // Only a text still in the box: one that settled as a suggestion was picked (or Enter pressed) is
  // behind the search just submitted.
  const inputNow = useRef(input);
  useEffect(() => {
    inputNow.current = input;
  }, [input]);
  useEffect(() => {
    const term = debounced.trim();
    if (debounced !== inputNow.current || term === lastSearch.current) return;
    lastSearch.current = term;
    setSearchNow.current(term);
  }, [debounced]);

  useEffect(() => {
    if (search === lastSearch.current) return;
    lastSearch.current = search;
    setInput(search);
  }, [search]);

  const submit = useCallback(
    (value: string) => {
      const term = value.trim();
      lastSearch.current = term;
      setSearch(term);
    },
    [setSearch],
  );
  return { input, setInput, submit };
}
