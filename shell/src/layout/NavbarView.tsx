// The site header as it looks: logo, main links, and the account part (Login / Create free account, or what the
// app passes: the signed-in greeting). On small screens the links fold into a burger menu. Without the router or
// the session store: the app's Navbar (Navbar.tsx) passes them in; on a page the shell took over as islands, the
// header is an island (islands/NavbarIsland.tsx) with plain links.
//
// The burger is a native disclosure (`<details>`/`<summary>`; the menu is the next sibling, shown by CSS while
// the details is open): it opens on the first tap of the server's HTML, before any script has run, and React
// never renders its open state, so taking the page over keeps what the visitor opened. Once React has it,
// Escape closes it and a followed link (a new path) does too. docs/islands.md.
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { paths, safeReturnPath } from '@referio/shared/islands';
import { Logo } from '../components/Logo';
import type { SiteLinkComponent } from './SiteLink';
import './Navbar.css';

/** The menu's id: fixed (one header per page), so the server's HTML and an island's own render agree. */
export const MENU_ID = 'site-menu';

/** The burger's accessible name; whether the menu is open is the disclosure's own state. */
export const MENU_LABEL = 'Menu';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'nav__link nav__link--active' : 'nav__link';

export interface NavbarViewProps {
  /** The link component: the router's in the app, plain anchors in an island. */
  Link: SiteLinkComponent;
  /** The current path: a change closes the menu. */
  pathname: string;
  /** Where Login and Create free account come back to. */
  next?: string;
  /** Signed in: the dashboard link's label ("Dashboard" or "Referrer Dashboard"). */
  dashboardLabel?: string;
  /** Signed in: the greeting with its log-out popup, in place of Login / Create free account. */
  account?: ReactNode;
}

export function NavbarView({ Link, pathname, next, dashboardLabel, account }: NavbarViewProps) {
  const toggleRef = useRef<HTMLDetailsElement>(null);
  useMenuClosing(toggleRef, pathname);

  return (
    <header className="site-header" data-toast-dock="">
      <nav className="nav" aria-label="Main">
        <Link to={paths.home()} className="nav__brand" aria-label="Referio home">
          <Logo />
        </Link>
        {/* Its `open` is the browser's (a tap before hydration sets it), never a prop: no mismatch to warn of. */}
        <details ref={toggleRef} className="nav__toggle" suppressHydrationWarning>
          <summary className="nav__burger" aria-label={MENU_LABEL} aria-controls={MENU_ID}>
            <span className="nav__burger-bars" aria-hidden="true" />
          </summary>
        </details>
        <div id={MENU_ID} className="nav__menu">
          <ul className="nav__links">
            {dashboardLabel !== undefined && (
              <li>
                <Link nav to={paths.dashboard()} className={linkClass}>
                  {dashboardLabel}
                </Link>
              </li>
            )}
            <li>
              <Link nav to={paths.companyList()} className={linkClass}>
                Browse Companies
              </Link>
            </li>
            <li>
              <Link nav to={paths.becomeReferrer()} className={linkClass}>
                Become a Referrer
              </Link>
            </li>
            <li>
              <Link nav to={paths.premium()} className={linkClass}>
                Get Premium
              </Link>
            </li>
          </ul>
          <div className="nav__account">
            {account ?? (
              <>
                <Link to={paths.signIn(next)} className="nav__login">
                  Login
                </Link>
                <Link
                  to={paths.signUp(next)}
                  className="rf-btn rf-btn--primary rf-btn--md nav__signup"
                >
                  Create free account
                </Link>
              </>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}

/**
 * Closes the open menu on Escape (focus back on the burger) and when the path changes (a followed link in the
 * app). Not on the first render: a menu the visitor opened before the page was taken over stays open.
 */
function useMenuClosing(toggleRef: RefObject<HTMLDetailsElement | null>, pathname: string): void {
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (toggleRef.current) toggleRef.current.open = false;
  }, [toggleRef, pathname]);

  useEffect(() => {
    // On window, after the document's listeners: an Escape a popup inside the menu (the greeting's) took
    // (useDismiss marks it handled) closes that popup only.
    const onKey = (e: KeyboardEvent) => {
      const toggle = toggleRef.current;
      if (e.key !== 'Escape' || e.defaultPrevented || !toggle?.open) return;
      toggle.open = false;
      toggle.querySelector('summary')?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggleRef]);
}

/** Where Login and Create free account come back to from `pathAndSearch`: this page, not the landing. */
export function returnPathFrom(pathAndSearch: string): string | undefined {
  const here = safeReturnPath(pathAndSearch);
  return here && here !== paths.home() && here !== '/home' ? here : undefined;
}
