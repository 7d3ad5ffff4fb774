import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, kept up to date (false where there is no `matchMedia`). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(query).matches,
    () => false,
  );
}

/** Phones: the width at which the toasts move to the bottom and chat shows one pane at a time. */
export const PHONE_QUERY = '(max-width: 600px)';
