import { BrowserRouter } from 'react-router-dom';
import { AppProviders, ToastHost } from '@referio/shared';
import { NewReleaseNotice } from './federation/NewReleaseNotice';
import { AppRoutes } from './routes/AppRoutes';
import { HistoryCatchUp } from './routes/HistoryCatchUp';
import { RouteAnnouncer } from './routes/RouteAnnouncer';
import { ScrollToTop } from './routes/ScrollToTop';
import { NamePrompt } from './session/NamePrompt';
import { SessionRefresh } from './session/SessionRefresh';
import { SuspensionRedirect } from './session/SuspensionRedirect';

/** Everything inside the router: the same in the browser and in the server's render (server/render.tsx). */
export function AppContent() {
  return (
    <>
      <ScrollToTop />
      <HistoryCatchUp />
      <SessionRefresh />
      <SuspensionRedirect />
      {/* Before the routes: its effect starts watching the title before the new page sets it. */}
      <RouteAnnouncer />
      <AppRoutes />
      <NamePrompt />
      {/* Empty until a remote this tab runs has a newer release (the server renders the empty live region, so
          React takes the page over without a mismatch). */}
      <NewReleaseNotice />
    </>
  );
}

/** The whole site: providers, the router, and the one toast container. */
export function App() {
  return (
    <AppProviders>
      {/* Location changes render synchronously, like the session store's: a log-out moves to / and
          clears the session in one render, so the dashboard guard never sees one without the other. */}
      <BrowserRouter useTransitions={false}>
        <AppContent />
      </BrowserRouter>
      <ToastHost />
    </AppProviders>
  );
}
