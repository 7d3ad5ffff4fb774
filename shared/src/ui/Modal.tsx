import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

const focusablesIn = (root: HTMLElement): HTMLElement[] =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true',
  );

export interface ModalProps {
  open: boolean;
  /** Escape, the close button and (unless disabled) a click outside call this. */
  onClose: () => void;
  /** Names the dialog. */
  title: ReactNode;
  children?: ReactNode;
  /** Buttons under the body. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** An element inside to focus first (default: the first focusable one). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  closeOnBackdrop?: boolean;
  /** Hides the × button (the footer must then offer a way out). */
  hideCloseButton?: boolean;
  /** Describes the dialog, e.g. the confirm message. */
  describedBy?: string;
  className?: string;
}

/**
 * A modal dialog in a portal: focus moves in, Tab stays inside, Escape closes,
 * and focus returns to whatever opened it.
 */
export function Modal(props: ModalProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<ModalSurface {...props} />, document.body);
}

function ModalSurface({
  onClose,
  title,
  children,
  footer,
  size = 'md',
  initialFocusRef,
  closeOnBackdrop = true,
  hideCloseButton = false,
  describedBy,
  className,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const first = initialFocusRef?.current ?? (dialog ? focusablesIn(dialog)[0] : undefined);
    (first ?? dialog)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (opener && opener.isConnected) opener.focus();
    };
    // Runs once per opening: the ref is read at open time on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (e.key !== 'Tab' || !dialogRef.current) return;
    const items = focusablesIn(dialogRef.current);
    if (items.length === 0) {
      e.preventDefault();
      dialogRef.current.focus();
      return;
    }
    const firstItem = items[0]!;
    const lastItem = items[items.length - 1]!;
    const active = document.activeElement;
    if (e.shiftKey && (active === firstItem || active === dialogRef.current)) {
      e.preventDefault();
      lastItem.focus();
    } else if (!e.shiftKey && active === lastItem) {
      e.preventDefault();
      firstItem.focus();
    }
  };

  return (
    <div
      className="rf-modal__backdrop"
      onMouseDown={(e) => {
        if (closeOnBackdrop && e.target === e.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={cx('rf-modal', `rf-modal--${size}`, className)}
        onKeyDown={onKeyDown}
      >
        {/* divs, not header/footer: in the body-level portal those would be page banner/contentinfo landmarks */}
        <div className="rf-modal__header">
          <h2 id={titleId} className="rf-modal__title">
            {title}
          </h2>
          {!hideCloseButton && (
            <button
              type="button"
              className="rf-modal__close"
              aria-label="Close"
              onClick={() => onCloseRef.current()}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <div className="rf-modal__body">{children}</div>
        {footer && <div className="rf-modal__footer">{footer}</div>}
      </div>
    </div>
  );
}
