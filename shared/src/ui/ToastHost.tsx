import { useEffect, useSyncExternalStore } from 'react';
import { toastLibrary } from './toast';
import { placeToasts } from './toastDock';
import { TOAST_AUTO_CLOSE_MS } from '../contract/constants';
import { PHONE_QUERY, useMediaQuery } from './useMediaQuery';

/**
 * The one toast container of the site (the shell renders it once); it appears with the first toast.
 * Over the page's top bar, one at a time (./toastDock.ts, toast.ts), so a toast never covers the page's
 * content; on a page without a bar, at the bottom (wide screens bottom left, phones bottom centre, above the
 * screen's edge: styles.css), where those pages leave room.
 */
export function ToastHost() {
  const library = useSyncExternalStore(toastLibrary.subscribe, toastLibrary.current, () => null);
  const phone = useMediaQuery(PHONE_QUERY);
  useEffect(() => {
    if (!library) return undefined;
    const place = () => placeToasts(document);
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [library]);
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
