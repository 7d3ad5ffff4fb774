import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** The options of every react-query client of the site (the browser's one and each server render's own). */
export const QUERY_CLIENT_OPTIONS = {
  defaultOptions: {
    // staleTime also keeps a query the server rendered from being fetched again when the page hydrates.
    queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: 0 },
  },
} as const;

/** The one react-query client: shared by the shell and every remote through the singleton package. */
export const queryClient = new QueryClient(QUERY_CLIENT_OPTIONS);

/** `client`: a server render's own client (one per request); the browser uses the one client above. */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  return <QueryClientProvider client={client ?? queryClient}>{children}</QueryClientProvider>;
}
