import { useCallback, useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';

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

/** What a popover's panel carries: the ref useDismiss watches and the id its trigger names. */
export interface PopoverPanel {
  ref: RefObject<HTMLDivElement | null>;
  id: string;
}

/**
 * A popover's state: open or not, its trigger and its panel, closed by useDismiss. `trigger` is what the
 * trigger button carries to say what it opens and whether it is open; `panel`, what the panel carries.
 */
export function usePopover() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const refs = useMemo(() => [buttonRef, panelRef], []);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, refs, buttonRef);
  const trigger = { ref: buttonRef, 'aria-expanded': open, 'aria-controls': panelId };
  const panel: PopoverPanel = { ref: panelRef, id: panelId };
  return { open, setOpen, close, trigger, panel };
}
