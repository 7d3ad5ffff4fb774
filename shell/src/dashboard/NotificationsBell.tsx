// The bell: the person's notifications (GET /api/notifications through react-query), newest first. The
// dot shows the unread count, also in the button's name. Opening the panel marks what it shows as read on
// the server (so the dot stays cleared after a reload and on other devices), 'Mark all as read' marks the
// rest. Each item: a sentence, a time and a link to the exact place; job-match items list their jobs in the
// spec's layout (jobTitle, companyName, jobType, address, date, 'View More' storing selectedJobId). New
// items arrive live: the tab's one live stream (`@referio/shared/live`) tells of them and the query is
// fetched again (also after the stream reconnected or was reopened, when events may have been missed).
// Empty or failed: 'No notifications'.
import { useCallback, useId, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MESSAGES,
  NOTIFICATION_PANEL_MAX_HEIGHT_PX,
  formatDate,
  markAllNotificationsRead,
  markNotificationsRead,
  notificationKeys,
  notificationQueries,
  relativeTime,
  useCurrentUser,
  useSessionStore,
  type AppNotification,
  type JobPost,
  type NotificationsAnswer,
  paths,
} from '@referio/shared';
import { useLiveEvents } from '@referio/shared/live';
import { usePopover, type PopoverPanel } from '../components/useDismiss';
import './NotificationsBell.css';
import { BarIcon } from './icons';

/** What the dot shows beyond 99. */
const dotText = (n: number) => (n > 99 ? '99+' : String(n));

/** The person's notifications, fetched again on every live notice, and marking them read. */
function useNotifications(userId: string | undefined) {
  const queryClient = useQueryClient();
  const options = notificationQueries.list(userId);
  const query = useQuery(options);
  const items = query.data?.items ?? [];
  const unread = query.data?.unread ?? 0;

  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list(userId) }),
    [queryClient, userId],
  );
  useLiveEvents(Boolean(userId), {
    notification: refetch,
    resync: refetch,
    hello: (hello) => {
      if (hello.reconnected || hello.reopened) refetch();
    },
  });

  /** Shows `ids` as read at once; the server's answer (or a failure) refetches. */
  const markLocally = (ids: string[] | 'all') => {
    queryClient.setQueryData<NotificationsAnswer>(options.queryKey, (old) => {
      if (!old) return old;
      let changed = 0;
      const next = old.items.map((i) => {
        if (i.read || (ids !== 'all' && !ids.includes(i._id))) return i;
        changed += 1;
        return { ...i, read: true };
      });
      return { items: next, unread: ids === 'all' ? 0 : Math.max(0, old.unread - changed) };
    });
  };
  const markShown = useMutation({ mutationFn: markNotificationsRead, onSettled: refetch });
  const markAll = useMutation({ mutationFn: markAllNotificationsRead, onSettled: refetch });
  const markRead = (ids: string[]) => {
    markLocally(ids);
    markShown.mutate(ids);
  };
  const markAllRead = () => {
    markLocally('all');
    markAll.mutate();
  };
  return { items, unread, markRead, markAllRead };
}

/** Where an item's link and a job's 'View More' lead (in the app, without a page load); closes the panel. */
function useFollow(close: () => void) {
  const navigate = useNavigate();
  const setSelectedJobId = useSessionStore((s) => s.setSelectedJobId);
  const setActiveChatId = useSessionStore((s) => s.setActiveChatId);
  const viewMore = (jobId: string) => {
    setSelectedJobId(jobId);
    close();
    void navigate(paths.jobDetails(jobId));
  };
  const follow = (e: MouseEvent<HTMLAnchorElement>, n: AppNotification) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    if (n.kind === 'chat_message') {
      const chat = new URLSearchParams(n.link.split('?')[1] ?? '').get('chat');
      if (chat) setActiveChatId(chat);
    }
    close();
    void navigate(n.link);
  };
  return { follow, viewMore };
}

export function NotificationsBell() {
  const userId = useCurrentUser()?._id;
  const { items, unread, markRead, markAllRead } = useNotifications(userId);

  const { open, setOpen, close, trigger, panel } = usePopover();
  /** What was unread when the panel opened: shown as new while it stays open. */
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const { follow, viewMore } = useFollow(close);

  const toggle = () => {
    if (open) {
      setOpen(false);
      return;
    }
    const shownUnread = items.filter((i) => !i.read).map((i) => i._id);
    setFresh(new Set(shownUnread));
    setOpen(true);
    if (shownUnread.length > 0) markRead(shownUnread);
  };

  const label =
    unread > 0
      ? `Notifications (${unread} unread)`
      : items.length > 0
        ? 'Notifications (none unread)'
        : 'Notifications';

  return (
    <div className="dash__popover-anchor">
      <button
        {...trigger}
        type="button"
        className="dash__icon-button"
        aria-label={label}
        onClick={toggle}
      >
        <BarIcon d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4zm4 4a2 2 0 0 0 4 0" />
        {unread > 0 && (
          <span className="dash__count-dot" data-testid="notification-dot" aria-hidden="true">
            {dotText(unread)}
          </span>
        )}
      </button>
      {open && (
        <NotificationsPanel
          panel={panel}
          items={items}
          unread={unread}
          fresh={fresh}
          onMarkAll={markAllRead}
          onFollow={follow}
          onViewMore={viewMore}
        />
      )}
    </div>
  );
}

/** The open panel: a heading, 'Mark all as read' while any is unread, the items or 'No notifications'. */
function NotificationsPanel({
  panel,
  items,
  unread,
  fresh,
  onMarkAll,
  onFollow,
  onViewMore,
}: {
  panel: PopoverPanel;
  items: AppNotification[];
  unread: number;
  fresh: ReadonlySet<string>;
  onMarkAll: () => void;
  onFollow: (e: MouseEvent<HTMLAnchorElement>, n: AppNotification) => void;
  onViewMore: (jobId: string) => void;
}) {
  const headingId = useId();
  return (
    <div
      {...panel}
      className="dash__panel dash__notifications"
      role="region"
      aria-labelledby={headingId}
      style={{ maxHeight: NOTIFICATION_PANEL_MAX_HEIGHT_PX }}
    >
      <div className="dash__notifications-head">
        <h2 id={headingId} className="dash__panel-title">
          Notifications
        </h2>
        {unread > 0 && (
          <button type="button" className="dash__link-button" onClick={onMarkAll}>
            Mark all as read
          </button>
        )}
      </div>
      {items.length === 0 ? (
        <p className="dash__panel-empty">{MESSAGES.noNotifications}</p>
      ) : (
        <ul className="dash__notification-list">
          {items.map((n) => (
            <NotificationItem
              key={n._id}
              notification={n}
              isNew={fresh.has(n._id)}
              onFollow={onFollow}
              onViewMore={onViewMore}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function NotificationItem({
  notification: n,
  isNew,
  onFollow,
  onViewMore,
}: {
  notification: AppNotification;
  isNew: boolean;
  onFollow: (e: MouseEvent<HTMLAnchorElement>, n: AppNotification) => void;
  onViewMore: (jobId: string) => void;
}) {
  return (
    <li className={isNew ? 'dash__notification dash__notification--new' : 'dash__notification'}>
      <p className="dash__notification-text">
        {isNew && <span className="rf-visually-hidden">New: </span>}
        <a href={n.link} onClick={(e) => onFollow(e, n)}>
          {n.text}
        </a>
      </p>
      <p className="dash__notification-meta">
        <time dateTime={n.createdAt}>{relativeTime(n.createdAt)}</time>
      </p>
      {n.kind === 'job_matches' && n.jobs.length > 0 && (
        <ul className="dash__notification-jobs" aria-label="Matching jobs">
          {n.jobs.map((job) => (
            <JobItem key={job._id} job={job} onViewMore={onViewMore} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The spec's notification layout for one job. */
function JobItem({ job, onViewMore }: { job: JobPost; onViewMore: (jobId: string) => void }) {
  return (
    <li className="dash__notification-job">
      <p className="dash__notification-title">{job.jobTitle}</p>
      <p className="dash__notification-company">{job.companyName}</p>
      <p className="dash__notification-meta">
        <span>{job.jobType}</span>
        <span>{job.address}</span>
        <time dateTime={job.createdAt}>{formatDate(job.createdAt)}</time>
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
