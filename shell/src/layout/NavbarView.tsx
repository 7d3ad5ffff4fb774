// The site header as it looks: logo, main links, and the account part (Login / Create free account, or what the
// app passes: the signed-in greeting). On small screens the links fold into a burger menu. Without the router or
// the session store: the app's Navbar (Navbar.tsx) passes them in; on a page the shell took over as islands, the
// header is an island (islands/NavbarIsland.tsx) with plain links.
import { useEffect, useState, type ReactNode } from 'react';
import { paths, safeReturnPath } from '@referio/shared/islands';
import { Logo } from '../components/Logo';
import type { SiteLinkComponent } from './SiteLink';
import './Navbar.css';

/** The menu's id: fixed (one header per page), so the server's HTML and an island's own render agree. */
export const MENU_ID = 'site-menu';

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
  const [menuOpen, setMenuOpen] = useState(false);

  // A followed link closes the mobile menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="site-header">
      <nav className="nav" aria-label="Main">
        <Link to={paths.home()} className="nav__brand" aria-label="Referio home">
          <Logo />
        </Link>
        <button
          type="button"
          className="nav__burger"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span className="nav__burger-bars" aria-hidden="true" />
        </button>
        <div id={MENU_ID} className={menuOpen ? 'nav__menu nav__menu--open' : 'nav__menu'}>
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

/** Where Login and Create free account come back to from `pathAndSearch`: this page, not the landing. */
export function returnPathFrom(pathAndSearch: string): string | undefined {
  const here = safeReturnPath(pathAndSearch);
  return here && here !== paths.home() && here !== '/home' ? here : undefined;
}
