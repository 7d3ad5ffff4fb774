import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog, dashboardPath, type DashboardPageKey, paths } from '@referio/shared';
import { Logo } from '../components/Logo';
import { useSignOutAndLeave } from '../session/useSignOutAndLeave';
import { loadPageModule } from '../federation/remotes';
import { pageModules, sidebarItems, switchRole, type DashboardMode } from './pages';
import { SidebarIcon } from './icons';
import { useRoleSwitch } from './useRoleSwitch';

/**
 * A page's code starts loading when the pointer or the focus reaches its link, so by the click it is often in
 * and the page shows at once, with no spinner; a failure is left to the page itself.
 */
const prefetch = (key: DashboardPageKey) => () => {
  loadPageModule(pageModules[key]).catch(() => undefined);
};

interface Props {
  id: string;
  mode: DashboardMode;
  /** The page on screen; null on the dashboard's not-found page. */
  activeKey: DashboardPageKey | null;
  /** Open as a drawer (small screens). */
  open: boolean;
  onClose: () => void;
}

export function Sidebar({ id, mode, activeKey, open, onClose }: Props) {
  const [dialog, setDialog] = useState<'switch' | 'logout' | null>(null);
  const [leaving, setLeaving] = useState(false);
  const { busy, switchTo } = useRoleSwitch();
  const signOutAndLeave = useSignOutAndLeave();
  const action = switchRole[mode];
  const ref = useRef<HTMLElement>(null);

  // Escape closes the sidebar when it is open as a drawer on small screens.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    el.addEventListener('keydown', onKey);
    return () => el.removeEventListener('keydown', onKey);
  }, [onClose]);

  // Opening the drawer moves focus into it.
  useEffect(() => {
    if (open) ref.current?.querySelector<HTMLElement>('.dash__nav-link')?.focus();
  }, [open]);

  return (
    <aside ref={ref} id={id} className="dash__sidebar" aria-label="Dashboard">
      <Link to={paths.home()} className="dash__brand" aria-label="Referio home">
        <Logo />
      </Link>
      <nav aria-label="Dashboard pages">
        <ul className="dash__nav">
          {sidebarItems[mode].map((item) => (
            <li key={item.key}>
              <Link
                to={dashboardPath(item.key)}
                className={
                  item.key === activeKey
                    ? 'dash__nav-link dash__nav-link--active'
                    : 'dash__nav-link'
                }
                aria-current={item.key === activeKey ? 'page' : undefined}
                onPointerEnter={prefetch(item.key)}
                onFocus={prefetch(item.key)}
                onTouchStart={prefetch(item.key)}
              >
                <SidebarIcon page={item.key} />
                <span>{item.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="dash__sidebar-actions">
        <button
          type="button"
          className="dash__action dash__action--switch"
          onClick={() => setDialog('switch')}
        >
          <SidebarIcon page="switch" />
          <span>{action.label}</span>
        </button>
        <button
          type="button"
          className="dash__action dash__action--logout"
          onClick={() => setDialog('logout')}
        >
          <SidebarIcon page="logout" />
          <span>Log out</span>
        </button>
      </div>

      <ConfirmDialog
        open={dialog === 'switch'}
        title={action.label}
        message={
          action.to === 'referrer'
            ? 'Switch to referrer mode? You will see referral requests and your job posts. You can switch back at any time.'
            : 'Switch to candidate mode? You will see jobs and your referral requests. You can switch back at any time.'
        }
        confirmLabel="Yes, switch"
        busy={busy}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          void switchTo(action.to).then(() => setDialog(null));
        }}
      />
      <ConfirmDialog
        open={dialog === 'logout'}
        title="Log out"
        message="Are you sure you want to log out?"
        confirmLabel="Log out"
        tone="danger"
        busy={leaving}
        onCancel={() => setDialog(null)}
        onConfirm={() => {
          setLeaving(true);
          void signOutAndLeave();
        }}
      />
    </aside>
  );
}
