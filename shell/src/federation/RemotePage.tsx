// Layer 2 of 3: a remote page is React.lazy(loadRemote('mfe_x/Page')) inside Suspense with a spinner,
// inside its own error boundary (layer 3). React.lazy remembers a rejected load for ever, so a failed
// component is only reused within the attempt that made it (React must see its error there); a new
// visit or the boundary's Retry is a new attempt and gets a fresh load. A component that loaded is
// shared by every later visit.
import { createContext, lazy, Suspense, useContext, type ComponentType } from 'react';
import { loadedPageModule, loadPageModule } from './remotes';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { PageSpinner } from '../components/PageSpinner';
import type { RemoteModuleId } from '../routes/paths';

interface Entry {
  component: ComponentType;
  attempt: number;
  failed: boolean;
}

const components = new Map<RemoteModuleId, Entry>();

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
  const entry: Entry = {
    attempt,
    failed: false,
    component:
      ready?.default ??
      lazy(() =>
        loadPageModule(id).catch((err: unknown) => {
          entry.failed = true;
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

export function RemotePage({ module }: { module: RemoteModuleId }) {
  return (
    <RemoteErrorBoundary name={module}>
      {(attempt) => (
        <Suspense fallback={<PageSpinner />}>
          <RemoteModule id={module} attempt={attempt} />
        </Suspense>
      )}
    </RemoteErrorBoundary>
  );
}

/** For tests: forget every loaded page component. */
export function clearRemotePagesForTests(): void {
  components.clear();
}
