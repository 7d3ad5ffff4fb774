import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * The router listens to the browser's history only once React has committed the first render, and a page that
 * arrived as HTML is hydrated in slices. A Back or Forward in between (a visitor going back right after a reload)
 * moves the address bar but not the page. After the first commit, when the browser's address is not the one
 * the router rendered, the router is brought to it (replacing the entry, which is already the current one).
 * A passive effect: it runs after the router's own listener is in place.
 */
export function HistoryCatchUp() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const browser = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    const routed = `${location.pathname}${location.search}${location.hash}`;
    if (browser !== routed)
      void navigate(browser, { replace: true, state: window.history.state?.usr });
    // Once, after the first commit: later changes reach the router through its listener.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
