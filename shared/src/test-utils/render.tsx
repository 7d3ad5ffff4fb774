// Renders a page as the shell gives it to a remote: inside a router, a react-query client (no retries, no
// garbage collection during a test) and the toast host, with a probe that shows where the router is, and a
// stand-in live stream (`FakeEventSource.latest()` is the one a signed-in page listens on).
import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import type { SessionResponse } from '../contract/account';
import { useSessionStore } from '../session/sessionStore';
import { ToastHost } from '../ui/ToastHost';
import { FakeEventSource } from './fakeEventSource';

export interface RenderPageOptions {
  /** The URL to start at, e.g. '/company-list?page=2' (default '/dashboard/page'). */
  url?: string;
  /**
   * The route pattern the page answers, e.g. '/job-details/:id' (any other URL shows "Other page").
   * Absent: the page answers every URL.
   */
  path?: string;
  /** Earlier history entries before `url`. */
  history?: string[];
  /** Other routes beside the page: pattern → what it shows. */
  routes?: Record<string, ReactElement>;
  /** Also a "Browser back" button that goes back in the router's history. */
  back?: boolean;
  /** Who is signed in first: a session (`makeSession()`), or null for nobody. Absent: the store as it is. */
  session?: SessionResponse | null;
}

/** A query client for one test: no retries, nothing dropped from its cache while the test runs. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Shows where the router is (`/company-list?page=2`: test id `location`, status "Current path"). */
function LocationProbe({ back }: { back: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location" aria-label="Current path">
        {location.pathname + location.search}
      </output>
      {back && (
        <button type="button" onClick={() => void navigate(-1)}>
          Browser back
        </button>
      )}
    </>
  );
}

export function renderPage(
  page: ReactElement,
  {
    url = '/dashboard/page',
    path,
    history = [],
    routes = {},
    back = false,
    session,
  }: RenderPageOptions = {},
): RenderResult {
  if (session !== undefined) useSessionStore.getState().signOut();
  if (session) useSessionStore.getState().signIn(session);
  // The tab's live stream, as the shell's pages have it (jsdom has no EventSource; a test pushes events).
  globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={[...history, url]} initialIndex={history.length}>
        <Routes>
          <Route path={path ?? '*'} element={page} />
          {Object.entries(routes).map(([pattern, element]) => (
            <Route key={pattern} path={pattern} element={element} />
          ))}
          {path && <Route path="*" element={<p>Other page</p>} />}
        </Routes>
        <LocationProbe back={back} />
      </MemoryRouter>
      <ToastHost />
    </QueryClientProvider>,
  );
}
