// The dashboard frame (/dashboard and /dashboard/:page): sidebar per mode, top bar, and the inner page
// from its remote. /dashboard restores the stored active page; every inner page stores its key; each
// page has its own URL, so the browser's back button walks through them naturally.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import {
  dashboardPath,
  isDashboardPageKey,
  useDocumentHead,
  useRole,
  useSessionStore,
} from '@referio/shared';
import { dashboardHead, shellRouteHeads } from '../routes/pageTitles';
import { PageSpinner } from '../components/PageSpinner';
import { RemotePage } from '../federation/RemotePage';
import { belongsToMode, defaultPage, modeOfRole, pageModules, type DashboardMode } from './pages';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useRoleSwitch } from './useRoleSwitch';
import './DashboardFrame.css';
import { NotFoundView } from '../routes/NotFoundView';

export const SIDEBAR_ID = 'dashboard-sidebar';

export default function DashboardFrame() {
  const { page } = useParams<{ page?: string }>();
  const mode = modeOfRole(useRole());
  const storedPage = useSessionStore((s) => s.activePage);
  const setActivePage = useSessionStore((s) => s.setActivePage);
  const { pathname } = useLocation();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const closeSidebar = useCallback(() => setSidebarOpen(false), []);

  const key = isDashboardPageKey(page) && belongsToMode(page, mode) ? page : null;

  // A link (a notification, an e-mail) to the other mode's page switches the mode and stays on it.
  const otherMode: DashboardMode = mode === 'referrer' ? 'candidate' : 'referrer';
  const wantsOtherMode = !key && isDashboardPageKey(page) && belongsToMode(page, otherMode);
  const { switchTo } = useRoleSwitch();
  const [switchFailed, setSwitchFailed] = useState(false);
  const switching = useRef(false);
  useEffect(() => {
    if (!wantsOtherMode || switching.current) return;
    switching.current = true;
    void switchTo(otherMode, { stay: true }).then((ok) => {
      switching.current = false;
      if (!ok) setSwitchFailed(true);
    });
  }, [wantsOtherMode, otherMode, switchTo]);

  // `?chat=<id>` (a chat notification's link) opens that chat.
  const { search } = useLocation();
  const linkedChat = key === 'chat' ? new URLSearchParams(search).get('chat') : null;
  useEffect(() => {
    if (linkedChat) useSessionStore.getState().setActiveChatId(linkedChat);
  }, [linkedChat]);

  useEffect(() => {
    if (key && key !== useSessionStore.getState().activePage) setActivePage(key);
  }, [key, setActivePage]);

  // Each inner page names itself in the tab (and so to the route announcer); an unknown one is not found.
  useDocumentHead(key ? dashboardHead(key) : shellRouteHeads.notFound);

  // A followed link closes the mobile sidebar.
  useEffect(() => setSidebarOpen(false), [pathname]);

  if (page === undefined) {
    const restored = storedPage && belongsToMode(storedPage, mode) ? storedPage : defaultPage[mode];
    return <Navigate to={dashboardPath(restored)} replace />;
  }
  if (wantsOtherMode && !switchFailed) return <PageSpinner />;
  // An address that names no dashboard page at all (a typo, an old link): a not-found page in the
  // frame, with a way back, instead of a silent move elsewhere. Another mode's page still goes home.
  const unknown = !isDashboardPageKey(page);
  if (!key && !unknown) return <Navigate to={dashboardPath(defaultPage[mode])} replace />;

  return (
    <div className={sidebarOpen ? 'dash dash--sidebar-open' : 'dash'}>
      <Sidebar
        id={SIDEBAR_ID}
        mode={mode}
        activeKey={key}
        open={sidebarOpen}
        onClose={closeSidebar}
      />
      {sidebarOpen && <div className="dash__scrim" aria-hidden="true" onClick={closeSidebar} />}
      <div className="dash__body">
        <TopBar
          mode={mode}
          sidebarId={SIDEBAR_ID}
          sidebarOpen={sidebarOpen}
          onToggleSidebar={() => setSidebarOpen((o) => !o)}
        />
        <main id="main" className="dash__content" tabIndex={-1}>
          {key ? (
            <RemotePage key={pageModules[key]} module={pageModules[key]} />
          ) : (
            <DashboardNotFound home={dashboardPath(defaultPage[mode])} />
          )}
        </main>
      </div>
    </div>
  );
}

/** /dashboard/<unknown>: says so, with the way back to the mode's first page (and the sidebar beside it). */
function DashboardNotFound({ home }: { home: string }) {
  return (
    <NotFoundView
      titleId="dash-not-found-title"
      text="This dashboard page does not exist or has moved."
    >
      <Link to={home} className="rf-btn rf-btn--primary rf-btn--md">
        Back to your dashboard
      </Link>
    </NotFoundView>
  );
}
