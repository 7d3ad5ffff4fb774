// Runs after the async boundary in index.ts, when the shared singletons (React, the router, the store,
// @referio/shared) are negotiated. Reads /remotes.json, registers the remotes, then renders. A missing
// or broken remotes.json does not stop the site: the chrome renders and each remote page shows the
// failure UI, whose Retry reads remotes.json again.
//
// The modules are evaluated in steps, each in a task of its own (`nextTask`): evaluating React DOM, the site's
// shared library and the app in one go was one long task (over 250 ms with a mid-range phone's CPU) that a tap
// had to wait behind. The imports are eager (`webpackMode: "eager"`): their code is in this chunk or in the
// shared modules it consumes, nothing more is downloaded, it is only evaluated later.
import type { DehydratedState } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { firstPageModule } from './federation/preload';
import { ensureRemotes, loadPageModule } from './federation/remotes';

/** The id of the JSON data block with the server render's react-query state (shell/server/src/pages/document.ts). */
const SERVER_STATE_ID = 'referio-state';

/** Fired on window when React has taken over the server's page (public/after-paint.js listens). */
const HYDRATED_EVENT = 'referio:hydrated';

/** How long the first render waits for the first page's code (index.ts started fetching it). */
const FIRST_PAGE_WAIT_MS = 1500;

/** Lets the browser run what waits (input, a frame) before the next step: the rest runs in a new task. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** What the first paint of this URL needs: a remote page, or (signed in) the dashboard frame and its page. */
async function firstPaintCode(pathname: string): Promise<unknown> {
  const page = firstPageModule(pathname);
  if (page) return loadPageModule(page);
  const key = /^\/dashboard\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (key === undefined) return null;
  const { isDashboardPageKey, isSignedIn } = await import(
    /* webpackMode: "eager" */ '@referio/shared'
  );
  if (!isSignedIn()) return null;
  const [{ pageModules }, { loadDashboardFrame }] = await Promise.all([
    import(/* webpackMode: "eager" */ './dashboard/pages'),
    import(/* webpackMode: "eager" */ './routes/AppRoutes'),
  ]);
  const inner = isDashboardPageKey(key) ? loadPageModule(pageModules[key]) : null;
  return Promise.all([loadDashboardFrame(), inner]);
}

async function start(): Promise<void> {
  const { httpClient, isSignedIn, queryClient } = await import(
    /* webpackMode: "eager" */ '@referio/shared'
  );
  const serverState = serverRenderedState();
  const hydrating = serverState !== null && !isSignedIn();
  // A page the browser renders: the HTTP client's code loads beside the first page's, not in front of it, so
  // the page's first calls find it in. A page the server rendered came with its data: the client (axios) loads
  // with the page's first call to the API, if it makes one.
  if (!hydrating) httpClient().catch(() => undefined);
  try {
    await ensureRemotes();
  } catch (err) {
    console.error('[referio] could not read /remotes.json; remote pages will offer Retry', err);
  }
  // The site's chrome and its first page paint together: a page that renders behind a spinner first stays
  // hidden for at least React's 300 ms reveal throttle after its code is in. A slow or dead remote gets
  // FIRST_PAGE_WAIT_MS, then the chrome renders with the page's spinner or its failure message.
  await Promise.race([
    firstPaintCode(window.location.pathname).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS)),
  ]);
  await nextTask();
  const [{ StrictMode, startTransition, useEffect }, { createRoot, hydrateRoot }] =
    await Promise.all([
      import(/* webpackMode: "eager" */ 'react'),
      import(/* webpackMode: "eager" */ 'react-dom/client'),
    ]);
  await nextTask();
  const [{ hydrate }, { App }] = await Promise.all([
    import(/* webpackMode: "eager" */ '@tanstack/react-query'),
    import(/* webpackMode: "eager" */ './App'),
  ]);
  await nextTask();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // Once React has taken a server's page over (the effects of the whole tree have run: this one runs last),
  // public/after-paint.js hands it what the visitor did before: text typed, a button clicked, a form sent.
  function Hydrated({ children }: { children: ReactNode }) {
    useEffect(() => {
      window.dispatchEvent(new Event(HYDRATED_EVENT));
    }, []);
    return children;
  }
  // The server rendered this page (shell/server/src/pages/): React takes over the HTML in place, with the data the
  // page was rendered with, so nothing is fetched twice and nothing moves. The server renders for a signed-out
  // visitor only; a browser that holds a session (its cookie had gone) renders afresh instead.
  if (hydrating && serverState !== null) {
    hydrate(queryClient, serverState);
    // Its remote down or hung: the page the server sent stays readable rather than a failure card. The page is
    // the one Suspense boundary in <main> (shell/src/routes/AppRoutes.tsx): its HTML without React's markers.
    const { keepServerHtmlOf } = await import(/* webpackMode: "eager" */ './federation/RemotePage');
    const pageHtml = (container.querySelector('main#main')?.innerHTML ?? '')
      .replace(/^<!--\$-->/, '')
      .replace(/<!--\/\$-->$/, '');
    keepServerHtmlOf(firstPageModule(window.location.pathname), pageHtml);
    // Inside a transition, hydration is time-sliced: React hydrates in slices of a few milliseconds and lets the
    // browser in between (a tap, a scroll, the next frame), instead of one task as long as the whole page
    // (React gives `hydrateRoot` outside a transition the default lane, which renders without yielding). The
    // page is on screen already, so nothing waits for it; a click before the end makes React finish at once,
    // then handles it.
    startTransition(() => {
      hydrateRoot(container, <Hydrated>{app}</Hydrated>, {
        onRecoverableError: (error) => console.warn('[referio] hydration:', error),
      });
    });
    return;
  }
  // A page the server renders for everyone (the landing) opened with a session: the app renders it afresh (the
  // header is the visitor's), over the server's HTML, which stays on screen until then, and from the server's data
  // (the same for everyone), so it does not show its loading state in between. A server's page is the app's once
  // this render has committed (after-paint.js stops holding clicks then).
  if (serverState !== null && document.documentElement.hasAttribute('data-islands'))
    hydrate(queryClient, serverState);
  const root = createRoot(container);
  // A transition: React renders the first page in slices and lets the browser in between, instead of one
  // long task that keeps a tap waiting (the landing page is long).
  startTransition(() => {
    root.render(serverState !== null ? <Hydrated>{app}</Hydrated> : app);
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
