// Every URL of the site, built from the one route table (paths.ts). Pages come from the remotes; the
// dashboard frame and the not-found page are the shell's own, loaded lazily like the rest.
import { lazy, useState, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { useDocumentHead, type PageHead } from '@referio/shared';
import { shellRouteHeads } from './pageTitles';
import { RemotePage } from '../federation/RemotePage';
import { MainArea, SiteLayout } from '../layout/SiteLayout';
import { RequireOperator } from './RequireOperator';
import { RequireSession } from './RequireSession';
import { routes, type RouteDef } from './paths';

let loadedFrame: ComponentType | null = null;
/** The dashboard frame's code (the bootstrap awaits it for a dashboard URL, so the first paint has it). */
export function loadDashboardFrame(): Promise<{ default: ComponentType }> {
  return import(/* webpackChunkName: "dashboard" */ '../dashboard/DashboardFrame').then((m) => {
    loadedFrame = m.default;
    return m;
  });
}
const LazyDashboardFrame = lazy(loadDashboardFrame);

/** The frame itself when its code is in (no Suspense fallback to hold back), else the lazy one; kept per mount. */
function DashboardFrame() {
  const [Frame] = useState<ComponentType>(() => loadedFrame ?? LazyDashboardFrame);
  return <Frame />;
}
const NotFound = lazy(() => import(/* webpackChunkName: "not-found" */ './NotFound'));

/** Names the page in the tab for the routes whose page sets no title itself. */
function WithHead({ head, children }: { head: PageHead; children: ReactNode }) {
  useDocumentHead(head);
  return children;
}

function elementFor(name: string, route: RouteDef): ReactNode {
  const { target } = route;
  let element: ReactNode;
  if (target.kind === 'dashboard') element = <DashboardFrame />;
  else if (target.kind === 'notFound')
    element = (
      <MainArea>
        <NotFound />
      </MainArea>
    );
  else
    element = (
      <MainArea>
        <RemotePage key={target.module} module={target.module} />
      </MainArea>
    );
  if (name in shellRouteHeads) {
    element = (
      <WithHead head={shellRouteHeads[name as keyof typeof shellRouteHeads]}>{element}</WithHead>
    );
  }
  if (route.operatorOnly) element = <RequireOperator>{element}</RequireOperator>;
  return route.requiresSession ? <RequireSession>{element}</RequireSession> : element;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        {Object.entries(routes).map(([name, route]) => (
          <Route key={name} path={route.path} element={elementFor(name, route)} />
        ))}
      </Route>
    </Routes>
  );
}
