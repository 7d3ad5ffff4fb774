// Layer 2 of 3: a remote page is React.lazy(loadRemote('mfe_x/Page')) inside Suspense with a spinner,
// inside its own error boundary (layer 3). React.lazy remembers a rejected load for ever, so a failed
// component is only reused within the attempt that made it (React must see its error there); a new
// visit or the boundary's Retry is a new attempt and gets a fresh load. A component that loaded is
// shared by every later visit.
import { createContext, lazy, memo, Suspense, useContext, type ComponentType } from 'react';
import { loadedPageModule, loadPageModule, type PageModule } from './remotes';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { PageSpinner } from '../components/PageSpinner';
import type { RemoteModuleId } from '../routes/paths';

interface Entry {
  component: ComponentType;
  attempt: number;
  failed: boolean;
}

const components = new Map<RemoteModuleId, Entry>();

/** The page the server rendered and its HTML, while React takes it over (bootstrap.tsx); null once used. */
let serverRendered: { id: RemoteModuleId; html: string } | null = null;

/**
 * The page of `id` arrived as the server's HTML (`html`: what the server put in `<main>`): if its code then fails
 * to load (its remote down or hung), that HTML stays on screen as it came, instead of a failure card: the
 * visitor reads the page and follows its links (plain page loads, which the server renders again). Only the
 * first visit of that page: a later visit, or a route change, loads afresh and fails as usual.
 */
export function keepServerHtmlOf(id: RemoteModuleId | null, html = ''): void {
  serverRendered = id && html ? { id, html } : null;
}

/** The server's HTML of a page whose code did not load, as static markup (its links are plain links). */
function staticPage(html: string): PageModule {
  return {
    default: function ServerHtml() {
      return (
        <div
          className="rf-server-page"
          style={{ display: 'contents' }}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      );
    },
  };
}

/**
 * The component that shows `id`: the page itself when its code is in already (it renders at once, with no
 * Suspense fallback, so nothing for React to hold back: React 19 keeps a revealed fallback on screen for at
 * least 300 ms), else a lazy one. Chosen once per id and kept, so a later render never swaps the component
 * type (which would remount the page and lose what the user typed).
 */
function remoteComponent(id: RemoteModuleId, attempt: number): ComponentType {
  const known = components.get(id);
  if (known && (!known.failed || known.attempt === attempt)) return known.component;
  const ready = loadedPageModule(id);
  const kept = serverRendered?.id === id ? serverRendered.html : null;
  if (kept !== null) serverRendered = null;
  const entry: Entry = {
    attempt,
    failed: false,
    component:
      ready?.default ??
      lazy(() =>
        loadPageModule(id).catch((err: unknown) => {
          entry.failed = true;
          if (kept !== null) {
            console.error(`[referio] ${id} did not load; the server's page stays`, err);
            return staticPage(kept);
          }
          throw err;
        }),
      ),
  };
  components.set(id, entry);
  return entry.component;
}

/**
 * The page components a server render was given (the remote's server module has them, no federation runtime
 * on the server); empty in the browser.
 */
export const ServerPages = createContext<ReadonlyMap<string, ComponentType>>(new Map());

function RemoteModule({ id, attempt }: { id: RemoteModuleId; attempt: number }) {
  const Page = useContext(ServerPages).get(id) ?? remoteComponent(id, attempt);
  return <Page />;
}

/**
 * Memoised: a parent's re-render does not reach the page's Suspense boundary, which, while React still takes the
 * server's HTML over, would make React drop that HTML for the spinner.
 */
export const RemotePage = memo(function RemotePage({ module }: { module: RemoteModuleId }) {
  return (
    <RemoteErrorBoundary name={module}>
      {(attempt) => (
        <Suspense fallback={<PageSpinner />}>
          <RemoteModule id={module} attempt={attempt} />
        </Suspense>
      )}
    </RemoteErrorBoundary>
  );
});

/** For tests: forget every loaded page component. */
export function clearRemotePagesForTests(): void {
  components.clear();
}
