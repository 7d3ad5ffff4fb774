// Whether a newer release of a remote this tab runs, or of the shell, is live: /remotes.json is read again at safe
// moments (a route change, the tab coming back into view or focus, and every few minutes) and compared with the
// entries this tab loaded and the shell release its page came from (remotes.ts `checkForNewRelease`). The answer only raises a flag for the notice
// (NewReleaseNotice.tsx); the page is reloaded when the visitor presses Reload, never on its own, so nothing
// typed is ever lost to a release.
import { checkForNewRelease, hasLoadedRemotes } from './remotes';
import { tabShellRelease } from './remotesConfig';

export interface ReleaseWatchOptions {
  /** How often to check while the tab stays open (ms). */
  intervalMs?: number;
  /** Route changes check at most this often (ms): a visitor clicking around does not fetch each time. */
  minGapMs?: number;
  check?: () => Promise<boolean>;
  now?: () => number;
}

export const RELEASE_CHECK_INTERVAL_MS = 5 * 60_000;
export const RELEASE_CHECK_MIN_GAP_MS = 10_000;

let available = false;
const listeners = new Set<() => void>();

/** The flag the notice shows (a store for useSyncExternalStore). */
export const newRelease = {
  get: (): boolean => available,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(value: boolean): void {
    if (available === value) return;
    available = value;
    listeners.forEach((l) => l());
  },
};

export interface ReleaseWatch {
  /** A route changed: check, unless the last check was less than minGapMs ago. */
  routeChanged(): void;
  /** Check now (the tab came into view or got focus). */
  checkNow(): Promise<void>;
  stop(): void;
}

/** Starts the checks; `stop` removes the listeners and the timer. */
export function startReleaseWatch(options: ReleaseWatchOptions = {}): ReleaseWatch {
  const intervalMs = options.intervalMs ?? RELEASE_CHECK_INTERVAL_MS;
  const minGapMs = options.minGapMs ?? RELEASE_CHECK_MIN_GAP_MS;
  const check = options.check ?? checkForNewRelease;
  const now = options.now ?? Date.now;
  let last = now();
  let running: Promise<void> | null = null;

  const checkNow = (): Promise<void> => {
    // Nothing a release could replace runs yet, or the notice shows already: nothing to find out.
    if (available || !(hasLoadedRemotes() || tabShellRelease())) return Promise.resolve();
    if (running) return running;
    last = now();
    running = check()
      .then((newer) => {
        if (newer) newRelease.set(true);
      })
      .catch(() => {
        // The pointer could not be read: the next moment tries again.
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void checkNow();
  };
  const onFocus = () => void checkNow();
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', onFocus);
  const timer = setInterval(() => void checkNow(), intervalMs);

  return {
    routeChanged() {
      if (now() - last >= minGapMs) void checkNow();
    },
    checkNow,
    stop() {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onFocus);
      clearInterval(timer);
    },
  };
}

/** For tests: no notice. */
export function resetReleaseWatchForTests(): void {
  available = false;
}
