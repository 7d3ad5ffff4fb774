// "A new version of Referio is available · Reload": shown when a remote this tab runs has a newer release live
// (releaseWatch.ts). A polite live region (present from the start, so screen readers hear the text when it
// comes); the page reloads only when the visitor presses Reload, so a half-typed form is never lost to it.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { Button } from '@referio/shared';
import { newRelease, startReleaseWatch, type ReleaseWatch } from './releaseWatch';
import './NewReleaseNotice.css';

export const NEW_RELEASE_MESSAGE = 'A new version of Referio is available';

export function NewReleaseNotice({ reload = () => window.location.reload() }) {
  const available = useSyncExternalStore(newRelease.subscribe, newRelease.get, () => false);
  const watch = useRef<ReleaseWatch | null>(null);
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);

  useEffect(() => {
    const w = startReleaseWatch();
    watch.current = w;
    return () => {
      w.stop();
      watch.current = null;
    };
  }, []);

  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    watch.current?.routeChanged();
  }, [pathname]);

  return (
    <div className="rf-release" aria-live="polite" aria-atomic="true">
      {available && (
        <div className="rf-release__box">
          <span>{NEW_RELEASE_MESSAGE}</span>
          <span aria-hidden="true">·</span>
          <Button size="sm" onClick={reload}>
            Reload
          </Button>
        </div>
      )}
    </div>
  );
}
