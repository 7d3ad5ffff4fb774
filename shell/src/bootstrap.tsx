// Runs after the async boundary in index.ts, when the shared singletons (React, the router, the store,
// @referio/shared) are negotiated. Reads /remotes.json, registers the remotes, then renders. A missing
// or broken remotes.json does not stop the site: the chrome renders and each remote page shows the
// failure UI, whose Retry reads remotes.json again.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { App } from './App';
import { httpClient, isDashboardPageKey, isSignedIn, queryClient } from '@referio/shared';
import { pageModules } from './dashboard/pages';
import { firstPageModule } from './federation/preload';
import { ensureRemotes, loadPageModule } from './federation/remotes';
import { loadDashboardFrame } from './routes/AppRoutes';

/** The id of the JSON data block with the server render's react-query state (tools/run/pages.mjs). */
const SERVER_STATE_ID = 'referio-state';

/** How long the first render waits for the first page's code (index.ts started fetching it). */
const FIRST_PAGE_WAIT_MS = 1500;

/** What the first paint of this URL needs: a remote page, or (signed in) the dashboard frame and its page. */
function firstPaintCode(pathname: string): Promise<unknown> | null {
  const page = firstPageModule(pathname);
  if (page) return loadPageModule(page);
  const key = /^\/dashboard\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (key !== undefined && isSignedIn()) {
    const inner = isDashboardPageKey(key) ? loadPageModule(pageModules[key]) : null;
    return Promise.all([loadDashboardFrame(), inner]);
  }
  return null;
}

async function start(): Promise<void> {
  // The HTTP client's code loads beside the first page's, not in front of it: the page's first calls find it in.
  httpClient().catch(() => undefined);
  try {
    await ensureRemotes();
  } catch (err) {
    console.error('[referio] could not read /remotes.json; remote pages will offer Retry', err);
  }
  // The site's chrome and its first page paint together: a page that renders behind a spinner first stays
  // hidden for at least React's 300 ms reveal throttle after its code is in. A slow or dead remote gets
  // FIRST_PAGE_WAIT_MS, then the chrome renders with the page's spinner or its failure message.
  const firstPage = firstPaintCode(window.location.pathname);
  if (firstPage) {
    await Promise.race([
      firstPage.catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS)),
    ]);
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // The server rendered this page (tools/run/pages.mjs): React takes over the HTML in place, with the data the
  // page was rendered with, so nothing is fetched twice and nothing moves. The server renders for a signed-out
  // visitor only; a browser that holds a session (its cookie had gone) renders afresh instead.
  const serverState = serverRenderedState();
  if (serverState !== null && !isSignedIn()) {
    hydrate(queryClient, serverState);
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.warn('[referio] hydration:', error),
    });
    return;
  }
  const root = createRoot(container);
  // A transition: React renders the first page in slices and lets the browser in between, instead of one
  // long task that keeps a tap waiting (the landing page is long).
  startTransition(() => {
    root.render(app);
  });
}

/** react-query's state the server rendered the page with (a JSON data block), or null for a page it did not. */
function serverRenderedState(): DehydratedState | null {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as unknown;
    return state && typeof state === 'object' && Array.isArray((state as DehydratedState).queries)
      ? (state as DehydratedState)
      : null;
  } catch {
    return null;
  }
}

void start();
