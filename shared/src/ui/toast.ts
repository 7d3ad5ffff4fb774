// The site's toasts. react-toastify loads with the first toast, not with the page: `toast.success(...)`
// loads the library (./toastify.ts: its unstyled build and its stylesheet as a file), the ToastHost then
// mounts its container, and the library queues toasts raised before its container mounts, so none is
// lost. Once loaded, toasts are raised at once.
import type { Id, ToastContent, ToastOptions } from 'react-toastify/unstyled';

import { placeToasts } from './toastDock';
import type * as ToastifyModule from './toastify';

type Toastify = typeof ToastifyModule;
type Kind = 'success' | 'error' | 'info' | 'warning';

let library: Promise<Toastify> | null = null;
let loaded: Toastify | null = null;
const listeners = new Set<() => void>();

/** Loads react-toastify once; a failed load is forgotten so the next toast tries again. */
export function loadToastify(): Promise<Toastify> {
  if (!library) {
    const attempt = import('./toastify').then((m) => {
      loaded = m;
      for (const l of [...listeners]) l();
      return m;
    });
    library = attempt;
    attempt.catch(() => {
      if (library === attempt) library = null;
    });
  }
  return library;
}

/** For the ToastHost: the library once it is in (null before), and a way to hear when it arrives. */
export const toastLibrary = {
  current: (): Toastify | null => loaded,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * One toast per message at a time: a text message is its own toast id, so raising it again while it is
 * on screen (a retried call, two parts of a page failing alike) shows nothing new. A caller's own
 * `toastId` is kept.
 */
export function withMessageId(
  kind: Kind,
  content: ToastContent,
  options?: ToastOptions,
): ToastOptions | undefined {
  if (options?.toastId !== undefined || typeof content !== 'string') return options;
  return { ...options, toastId: `${kind}:${content}` };
}

/**
 * One toast at a time, the newest (as Material's snackbars): the toast sits over the page's top bar
 * (./toastDock.ts), which has room for one; a second would hang below the bar, over the page.
 */
export const TOAST_LIMIT = 1;
/** The ids of the last toasts raised, oldest first (at most TOAST_LIMIT). */
const raised: Id[] = [];

/**
 * Raises a toast; when TOAST_LIMIT are on screen, the oldest closes to make room. The newest message is the
 * one that matters ("Referral approved" after "Code sent" and "Verified"): it is never queued behind others.
 */
function raise(m: Toastify, kind: Kind, content: ToastContent, options?: ToastOptions): void {
  const again = options?.toastId !== undefined && m.toast.isActive(options.toastId);
  // Every earlier id is closed, mounted yet or not (two toasts raised in one tick): closing a closed one is a no-op.
  if (!again) while (raised.length >= TOAST_LIMIT) m.toast.dismiss(raised.shift());
  const id = m.toast[kind](content, options);
  if (!again) raised.push(id);
}

function show(kind: Kind, content: ToastContent, given?: ToastOptions): void {
  const options = withMessageId(kind, content, given);
  if (typeof document !== 'undefined') placeToasts(document);
  if (loaded) {
    raise(loaded, kind, content, options);
    return;
  }
  loadToastify().then(
    (m) => raise(m, kind, content, options),
    () => {
      // The library could not be fetched (offline): there is nothing to show the message with.
    },
  );
}

export const toast = {
  success: (content: ToastContent, options?: ToastOptions) => show('success', content, options),
  error: (content: ToastContent, options?: ToastOptions) => show('error', content, options),
  info: (content: ToastContent, options?: ToastOptions) => show('info', content, options),
  warning: (content: ToastContent, options?: ToastOptions) => show('warning', content, options),
  /** Closes one toast, or all of them. */
  dismiss: (id?: Id) => loaded?.toast.dismiss(id),
};
