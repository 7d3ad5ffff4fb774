// Tells screen-reader users that the page changed, as a full page load would: after every move to another
// address the new page's title is read out from a polite live region, and the focus goes to the page's
// heading (or its main landmark) unless the page put it somewhere inside itself already (an autofocused
// field). Not on the first render: the browser announces the page it loaded.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { DEFAULT_HEAD } from '@referio/shared';

/** How long the title may keep changing after the move (a remote page loads, then sets its title). */
export const TITLE_SETTLE_MS = 150;
/** Announce anyway after this long, with whatever title the tab has. */
export const TITLE_WAIT_MS = 2000;

function moveFocusIntoPage(): void {
  const main = document.getElementById('main');
  if (!main) return;
  const active = document.activeElement;
  // The page focused something of its own (a field, a dialog): leave it there.
  if (active && active !== document.body && active.isConnected && main.contains(active)) return;
  if (active && active.closest('[role="dialog"]')) return;
  const heading = main.querySelector<HTMLElement>('h1');
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  } else {
    main.focus({ preventScroll: true });
  }
}

const LANDING = /^\/(home)?$/;

export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const shown = useRef(pathname);

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    // While the new page's code loads, the tab shows the site's default title (the old page's way out):
    // that is the new page's title only on the landing page.
    const landing = LANDING.test(pathname);
    const settled = () =>
      landing
        ? document.title === DEFAULT_HEAD.title
        : document.title !== before && document.title !== DEFAULT_HEAD.title;
    const before = document.title;
    let settle: ReturnType<typeof setTimeout> | null = null;
    const announce = () => {
      observer.disconnect();
      if (settle) clearTimeout(settle);
      clearTimeout(giveUp);
      setMessage(document.title);
      moveFocusIntoPage();
    };
    const check = () => {
      if (settle) clearTimeout(settle);
      settle = settled() ? setTimeout(announce, TITLE_SETTLE_MS) : null;
    };
    const observer = new MutationObserver(check);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    const giveUp = setTimeout(announce, TITLE_WAIT_MS);
    check();
    return () => {
      observer.disconnect();
      if (settle) clearTimeout(settle);
      clearTimeout(giveUp);
    };
  }, [pathname]);

  return (
    // A live region without the status role: pages keep `role="status"` for their own notices.
    <div
      className="rf-visually-hidden"
      aria-live="polite"
      aria-atomic="true"
      data-route-announcer=""
    >
      {message}
    </div>
  );
}
