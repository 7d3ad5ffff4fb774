import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../contract/constants';

/** `value`, once it has stopped changing for `delayMs` (500 ms by default, the spec's search debounce). */
export function useDebouncedValue<T>(value: T, delayMs: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(t);
  }, [value, delayMs]);
  return debounced;
}
