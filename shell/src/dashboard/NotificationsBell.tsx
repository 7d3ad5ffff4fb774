// The bell: getReferralNotifications for the user in the current mode. A red dot when there are
// items; the panel lists them (max-height 400px) with 'View More', which stores selectedJobId and
// opens the job's details. Empty, or when the call fails: 'No notifications'.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  MESSAGES,
  NOTIFICATION_PANEL_MAX_HEIGHT_PX,
  ROLE_APPLICANT,
  ROLE_REFERRER,
  formatDate,
  getReferralNotifications,
  useCurrentUser,
  useSessionStore,
  type ReferralNotification,
} from '@referio/shared';
import { useDismiss } from '../components/useDismiss';
import { paths } from '../routes/paths';
import type { DashboardMode } from './pages';

export function NotificationsBell({ mode }: { mode: DashboardMode }) {
  const user = useCurrentUser();
  const roleId = mode === 'referrer' ? ROLE_REFERRER : ROLE_APPLICANT;
  const userId = user?._id;
  const [items, setItems] = useState<ReferralNotification[]>([]);

  useEffect(() => {
    if (!userId) return;
    let current = true;
    getReferralNotifications({ userId, roleId })
      .then((list) => {
        if (current) setItems(Array.isArray(list) ? list : []);
      })
      .catch((err: unknown) => {
        // Shown as 'No notifications': the bell is secondary and must never break the frame.
        console.warn('[referio] notifications could not be loaded', err);
        if (current) setItems([]);
      });
    return () => {
      current = false;
    };
  }, [userId, roleId]);

  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const refs = useMemo(() => [buttonRef, panelRef], []);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, refs, buttonRef);

  const navigate = useNavigate();
  const setSelectedJobId = useSessionStore((s) => s.setSelectedJobId);
  const viewMore = (jobId: string) => {
    setSelectedJobId(jobId);
    setOpen(false);
    void navigate(paths.jobDetails(jobId));
  };

  return (
    <div className="dash__popover-anchor">
      <button
        ref={buttonRef}
        type="button"
        className="dash__icon-button"
        aria-label={items.length > 0 ? `Notifications (${items.length} new)` : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4zm4 4a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {items.length > 0 && (
          <span className="dash__dot" data-testid="notification-dot" aria-hidden="true" />
        )}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          className="dash__panel dash__notifications"
          role="region"
          aria-labelledby={headingId}
          style={{ maxHeight: NOTIFICATION_PANEL_MAX_HEIGHT_PX }}
        >
          <h2 id={headingId} className="dash__panel-title">
            Notifications
          </h2>
          {items.length === 0 ? (
            <p className="dash__panel-empty">{MESSAGES.noNotifications}</p>
          ) : (
            <ul className="dash__notification-list">
              {items.map((n) => (
                <NotificationItem key={n._id} notification={n} onViewMore={viewMore} />
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function NotificationItem({
  notification,
  onViewMore,
}: {
  notification: ReferralNotification;
  onViewMore: (jobId: string) => void;
}) {
  const job = notification.jobPostId;
  return (
    <li className="dash__notification">
      <p className="dash__notification-title">{job.jobTitle}</p>
      <p className="dash__notification-company">{job.companyName}</p>
      <p className="dash__notification-meta">
        <span>{job.jobType}</span>
        <span>{job.address}</span>
        <time dateTime={notification.createdAt}>{formatDate(notification.createdAt)}</time>
      </p>
      <button
        type="button"
        className="dash__link-button"
        onClick={() => onViewMore(job._id)}
        aria-label={`View More: ${job.jobTitle} at ${job.companyName}`}
      >
        View More
      </button>
    </li>
  );
}
