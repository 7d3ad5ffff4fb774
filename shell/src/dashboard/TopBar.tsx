import { Link } from 'react-router-dom';
import { paths } from '@referio/shared';
import { AvatarMenu } from './AvatarMenu';
import { NotificationsBell } from './NotificationsBell';
import { modeBadge, type DashboardMode } from './pages';
import { UnreadMessages } from './UnreadMessages';
import { BarIcon } from './icons';

interface Props {
  mode: DashboardMode;
  sidebarId: string;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

export function TopBar({ mode, sidebarId, sidebarOpen, onToggleSidebar }: Props) {
  return (
    <header className="dash__topbar" data-toast-dock="">
      <button
        type="button"
        className="dash__toggle"
        aria-controls={sidebarId}
        aria-expanded={sidebarOpen}
        aria-label={sidebarOpen ? 'Close sidebar' : 'Open sidebar'}
        onClick={onToggleSidebar}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M4 6h16M4 12h16M4 18h16"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <Link to={paths.home()} className="dash__home" aria-label="Home">
        <BarIcon d="M3 11 12 4l9 7v9h-6v-6H9v6H3z" size={20} />
        <span className="dash__home-label">Home</span>
      </Link>
      <p className={`dash__badge dash__badge--${mode}`} role="status">
        {modeBadge[mode]}
      </p>
      <div className="dash__topbar-end">
        <UnreadMessages />
        <NotificationsBell />
        <AvatarMenu mode={mode} />
      </div>
    </header>
  );
}
