import { useEffect, type RefObject } from 'react';

/**
 * Closes a popover on Escape (focus goes back to its trigger) and on a pointer press outside it.
 * `refs` are the elements that count as inside: usually the trigger and the panel.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  refs: readonly RefObject<HTMLElement | null>[],
  returnFocusTo?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Handled: a menu around the popup (the site header's) leaves this Escape to it.
      e.preventDefault();
      close();
      returnFocusTo?.current?.focus();
    };
    const onPointer = (e: MouseEvent | TouchEvent) => {
      const target = e.target as Node | null;
      if (target && refs.some((r) => r.current?.contains(target))) return;
      close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
    };
  }, [open, close, refs, returnFocusTo]);
}
