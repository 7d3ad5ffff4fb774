// Test helpers: the providers the shell gives every page (router, react-query, the toast host).
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { ToastHost } from '@referio/shared';

/** Shows where the router is (`/company-list?page=2`) and offers the browser's Back. */
function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{location.pathname + location.search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

export interface RenderPageOptions {
  /** The URL to start at, e.g. '/company-list?page=2'. */
  url?: string;
  /** The route pattern of the page, e.g. '/job-details/:id'. */
  path?: string;
  /** Earlier history entries before `url`. */
  history?: string[];
}

export function renderPage(
  page: ReactElement,
  { url = '/', path, history = [] }: RenderPageOptions = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const pattern = path ?? url.split('?')[0]!;
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[...history, url]} initialIndex={history.length}>
        <ToastHost />
        <LocationProbe />
        <Routes>
          <Route path={pattern} element={page} />
          <Route path="*" element={<p>Other page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
