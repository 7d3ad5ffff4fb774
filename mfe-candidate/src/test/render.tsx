import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ReactElement } from 'react';
import { ToastHost, useSessionStore } from '@referio/shared';
import { makeSession } from './fixtures';

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders a page as the shell would: signed in, inside a router, a query client and the toast host. */
export function renderPage(page: ReactElement, { signedIn = true, path = '/dashboard/page' } = {}) {
  useSessionStore.getState().signOut();
  if (signedIn) useSessionStore.getState().signIn(makeSession());
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={page} />
        </Routes>
        <Where />
      </MemoryRouter>
      <ToastHost />
    </QueryClientProvider>,
  );
}
