import { useSyncExternalStore } from 'react';
import { toastLibrary } from './toast';
import { TOAST_AUTO_CLOSE_MS } from '../contract/constants';
import { PHONE_QUERY, useMediaQuery } from './useMediaQuery';

/**
 * The one toast container of the site (the shell renders it once); it appears with the first toast.
 * At the bottom, where the big sites put theirs, never at the top: there toasts covered the header's logo,
 * a form's next step and the tabs under the heading. Wide screens: bottom left, the width of a message, at
 * most three at once (the newest closes the oldest: toast.ts); phones: bottom centre, above the screen's edge (styles.css).
 */
export function ToastHost() {
  const library = useSyncExternalStore(toastLibrary.subscribe, toastLibrary.current, () => null);
  const phone = useMediaQuery(PHONE_QUERY);
  if (!library) return null;
  const { ToastContainer } = library;
  return (
    <ToastContainer
      position={phone ? 'bottom-center' : 'bottom-left'}
      // Zoom grows in place: the default bounce slides in from past the screen's left edge.
      transition={library.Zoom}
      autoClose={TOAST_AUTO_CLOSE_MS}
      newestOnTop
      closeOnClick
      pauseOnHover
      pauseOnFocusLoss
      theme="light"
    />
  );
}
