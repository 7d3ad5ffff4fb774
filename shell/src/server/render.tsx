// The shell's server render (built by shell/webpack.config.js into dist/server/render.js, loaded by the shell's
// server, shell/server/src/pages/). The shell owns the route table, the site's chrome and the not-found page; the
// remote that owns a page hands its component, head and data through its own server module (for mfe-public:
// mfe-public/src/ssr). The HTML is the same tree the browser renders (App.tsx), so React takes it over with
// hydrateRoot and no visible change (bootstrap.tsx).
import { Writable } from 'node:stream';
import type { ComponentType, ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
// The router itself (not the browser's shared list of names): the server bundle has no federation.
import { matchRoutes, StaticRouter } from 'react-router';
import { QueryClient, dehydrate, type DehydratedState } from '@tanstack/react-query';
import * as shared from '@referio/shared';
import * as contract from '@referio/shared/contract';
import * as forms from '@referio/shared/forms';
import * as islands from '@referio/shared/islands';
import * as jobs from '@referio/shared/jobs';
import {
  AppProviders,
  DEFAULT_HEAD,
  QUERY_CLIENT_OPTIONS,
  ToastHost,
  setApiBaseUrl,
} from '@referio/shared';
import { AppContent } from '../App';
import { ServerPages } from '../federation/RemotePage';
import { routes, type RouteDef, type RemoteModuleId } from '../routes/paths';

/** The shared singletons a remote's server module may ask for that the shell bundles (the rest come from Node). */
export const bundledShared: Record<string, unknown> = {
  '@referio/shared': shared,
  '@referio/shared/contract': contract,
  '@referio/shared/forms': forms,
  '@referio/shared/islands': islands,
  '@referio/shared/jobs': jobs,
};

/** The site's own head: the pages rendered in the browser get it in their HTML. */
export const defaultHead = DEFAULT_HEAD;

/** Where the API answers the server's own calls (the page's data), e.g. `http://127.0.0.1:4000/api`. */
export function configure({ apiBaseUrl }: { apiBaseUrl: string }): void {
  setApiBaseUrl(apiBaseUrl);
}

/** What a URL shows, as far as the server needs to know. */
export type PageMatch =
  | {
      kind: 'remote';
      module: RemoteModuleId;
      remote: string;
      expose: string;
      /** Rendered for a visitor with a session too (RouteDef `forEveryone`). */
      forEveryone: boolean;
    }
  | { kind: 'notFound' }
  /** The dashboard and signed-in pages: rendered in the browser, as before. */
  | { kind: 'browser' };

const routeList = (Object.values(routes) as RouteDef[]).filter((r) => r.path !== '*');

export function matchPage(pathname: string): PageMatch {
  const found = matchRoutes(
    routeList.map((r) => ({ path: r.path })),
    pathname,
  );
  const route = found
    ? routeList.find((r) => r.path === found[found.length - 1]!.route.path)
    : null;
  if (!route) return { kind: 'notFound' };
  if (route.requiresSession || route.target.kind !== 'remote') return { kind: 'browser' };
  const [remote, page] = route.target.module.split('/') as [string, string];
  const forEveryone = 'forEveryone' in route && route.forEveryone === true;
  return { kind: 'remote', module: route.target.module, remote, expose: `./${page}`, forEveryone };
}

/** A remote's page as its server module describes it (mfe-public/src/ssr/index.tsx `ServerPage`). */
export interface ServerPage {
  component: ComponentType;
  prefetch?(client: QueryClient, url: URL): Promise<void>;
}

export interface Rendered {
  status: number;
  html: string;
  /** react-query's cache as the page rendered it, for the browser's client (a JSON data block). */
  state: DehydratedState;
}

/** How long a render may take before the server sends the page to be rendered in the browser instead. */
const RENDER_TIMEOUT_MS = 5000;

function toHtml(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    let failed: unknown = null;
    const stream = renderToPipeableStream(element, {
      // Nothing outlined: a large boundary is otherwise sent apart and put in place by an inline script,
      // which the site's CSP refuses. With everything ready before the first byte, the HTML is in order.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      // Everything, lazy parts included: a crawler and a reader without JavaScript get the whole page.
      onAllReady() {
        if (failed) reject(failed instanceof Error ? failed : new Error(String(failed)));
        else stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failed = error;
      },
    });
    setTimeout(() => stream.abort(new Error('render timed out')), RENDER_TIMEOUT_MS).unref();
  });
}

/**
 * Renders `url`: the remote `page` (its component under `module`), or the not-found page (404) when no page
 * is given. The page's queries are fetched first (`prefetch`), as a signed-out visitor sees them.
 */
export async function renderPage({
  url,
  module,
  page,
}: {
  url: URL;
  module?: RemoteModuleId;
  page?: ServerPage;
}): Promise<Rendered> {
  const client = new QueryClient({
    defaultOptions: {
      ...QUERY_CLIENT_OPTIONS.defaultOptions,
      queries: { ...QUERY_CLIENT_OPTIONS.defaultOptions.queries, retry: false },
    },
  });
  if (page?.prefetch) await page.prefetch(client, url);
  const pages = new Map<string, ComponentType>(module && page ? [[module, page.component]] : []);
  const html = await toHtml(
    <ServerPages.Provider value={pages}>
      <AppProviders client={client}>
        <StaticRouter location={`${url.pathname}${url.search}`}>
          <AppContent />
        </StaticRouter>
        <ToastHost />
      </AppProviders>
    </ServerPages.Provider>,
  );
  const state = dehydrate(client);
  client.clear();
  return { status: page ? 200 : 404, html, state };
}
