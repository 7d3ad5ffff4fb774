import { Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Island } from '@referio/shared/islands';
import { PageSpinner } from '../components/PageSpinner';
import { showsSiteChrome } from '../routes/paths';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import './SiteLayout.css';

/** Header and footer around every page except the ones the spec lists (dashboard, sign-in, policies, …). */
export function SiteLayout() {
  const { pathname } = useLocation();
  const chrome = showsSiteChrome(pathname);
  return (
    <div className="site">
      <a href="#main" className="site__skip">
        Skip to content
      </a>
      {chrome && (
        // An island on a page the shell takes over without the app (shell/src/islands.tsx).
        <Island name="shell/Navbar">
          <Navbar />
        </Island>
      )}
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      {chrome && <Footer />}
    </div>
  );
}

/** The landmark a plain page renders into (the dashboard frame has its own). */
export function MainArea({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="site__main" tabIndex={-1}>
      {children}
    </main>
  );
}
