import { useSyncExternalStore } from 'react';
import { toastLibrary } from './toast';
import { TOAST_AUTO_CLOSE_MS } from '../contract/constants';
import { PHONE_QUERY, useMediaQuery } from './useMediaQuery';

/**
 * The one toast container of the site (the shell renders it once); it appears with the first toast.
 * Top centre, below the sticky header (styles.css `--rf-toast-top`): it covers none of the header's links.
 * On a phone at the bottom: at the top, a toast as wide as the screen covered the page's heading.
 */
export function ToastHost() {
  const library = useSyncExternalStore(toastLibrary.subscribe, toastLibrary.current, () => null);
  const phone = useMediaQuery(PHONE_QUERY);
  if (!library) return null;
  const { ToastContainer } = library;
  return (
    <ToastContainer
      position={phone ? 'bottom-center' : 'top-center'}
      autoClose={TOAST_AUTO_CLOSE_MS}
      newestOnTop
      closeOnClick
      pauseOnHover
      pauseOnFocusLoss
      theme="light"
    />
  );
}
