// The site header in the app: the view (NavbarView.tsx) with the router's links, the current page and the
// session: a signed-in user gets the dashboard link and a greeting whose popup has Log out (and, for an
// operator, the operator console: the session says who is one).
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths, useCurrentUser, useIsSignedIn, useRole } from '@referio/shared';
import { usePopover } from '../components/useDismiss';
import { firstName } from '../session/names';
import { useSignOutAndLeave } from '../session/useSignOutAndLeave';
import { NavbarView, returnPathFrom } from './NavbarView';
import { RouterLink } from './routerLinks';

export function Navbar() {
  const signedIn = useIsSignedIn();
  const user = useCurrentUser();
  // The spec shows 'Dashboard' to applicants only; a referrer gets their own way in
  // (docs/decisions-shell.md, "'Referrer Dashboard'").
  const dashboardLabel = useRole() === 'referer' ? 'Referrer Dashboard' : 'Dashboard';
  const { pathname, search } = useLocation();
  // Login and Create free account come back to this page (not from the landing page itself).
  const next = returnPathFrom(pathname + search);
  return (
    <NavbarView
      Link={RouterLink}
      pathname={pathname}
      next={next}
      dashboardLabel={signedIn ? dashboardLabel : undefined}
      account={
        signedIn && user ? (
          <Greeting name={firstName(user)} operator={user.operator === true} />
        ) : undefined
      }
    />
  );
}

function Greeting({ name, operator }: { name: string; operator: boolean }) {
  const { open, setOpen, close, trigger, panel } = usePopover();
  const [busy, setBusy] = useState(false);
  const signOutAndLeave = useSignOutAndLeave();

  return (
    <div className="nav__greeting">
      <button
        {...trigger}
        type="button"
        className="nav__greeting-button"
        onClick={() => setOpen((o) => !o)}
        title={`Hi, ${name}`}
      >
        <span className="nav__greeting-name">Hi, {name}</span>
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open && (
        <div {...panel} className="nav__popup">
          {operator && (
            <Link
              to={paths.admin()}
              className="nav__popup-item nav__popup-item--link"
              discover="none"
              onClick={close}
            >
              Operator console
            </Link>
          )}
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
