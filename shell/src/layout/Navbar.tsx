// The site header: logo, main links, and either a greeting with a log-out popup or Login / Create free account.
// On small screens the links fold into a burger menu.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { safeReturnPath, useCurrentUser, useIsSignedIn, useRole, paths } from '@referio/shared';
import { Logo } from '../components/Logo';
import { useDismiss } from '../components/useDismiss';
import { firstName } from '../session/names';
import { useSignOutAndLeave } from '../session/useSignOutAndLeave';
import './Navbar.css';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'nav__link nav__link--active' : 'nav__link';

export function Navbar() {
  const signedIn = useIsSignedIn();
  const user = useCurrentUser();
  // The spec shows 'Dashboard' to applicants only; a referrer gets their own way in
  // (docs/decisions-shell.md, "The navbar's dashboard link").
  const dashboardLabel = useRole() === 'referer' ? 'Referrer Dashboard' : 'Dashboard';
  const { pathname, search } = useLocation();
  // Login and Create free account come back to this page (not from the landing page itself).
  const here = safeReturnPath(pathname + search);
  const next = here && here !== paths.home() && here !== '/home' ? here : undefined;
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

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
          aria-controls={menuId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span className="nav__burger-bars" aria-hidden="true" />
        </button>
        <div id={menuId} className={menuOpen ? 'nav__menu nav__menu--open' : 'nav__menu'}>
          <ul className="nav__links">
            {signedIn && (
              <li>
                <NavLink to={paths.dashboard()} className={linkClass}>
                  {dashboardLabel}
                </NavLink>
              </li>
            )}
            <li>
              <NavLink to={paths.companyList()} className={linkClass}>
                Browse Companies
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.becomeReferrer()} className={linkClass}>
                Become a Referrer
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.premium()} className={linkClass}>
                Get Premium
              </NavLink>
            </li>
          </ul>
          <div className="nav__account">
            {signedIn && user ? (
              <Greeting name={firstName(user)} />
            ) : (
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

function Greeting({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const popupId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const refs = useMemo(() => [buttonRef, popupRef], []);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, refs, buttonRef);
  const signOutAndLeave = useSignOutAndLeave();

  return (
    <div className="nav__greeting">
      <button
        ref={buttonRef}
        type="button"
        className="nav__greeting-button"
        aria-expanded={open}
        aria-controls={popupId}
        onClick={() => setOpen((o) => !o)}
        title={`Hi, ${name}`}
      >
        <span className="nav__greeting-name">Hi, {name}</span>
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open && (
        <div ref={popupRef} id={popupId} className="nav__popup">
          <button
            type="button"
            className="nav__popup-item"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void signOutAndLeave();
            }}
          >
            {busy ? 'Logging out…' : 'Log out'}
          </button>
        </div>
      )}
    </div>
  );
}
