// The top bar's unread-messages indicator: a chat button with a red dot (and the count for screen
// readers) while any chat has messages to me not yet read. The count is a react-query query
// (`chatQueries.unread`: GET /chat/getReferrerChats, summed), fetched again (debounced) on every message,
// read or resync event of the tab's one live stream (GET /api/chat/events, shared with the bell and the
// chat page) and after the stream reconnected or was reopened; a slow poll (60 s) covers the time the
// stream is down.
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { chatKeys, chatQueries, useCurrentUser, useDashboardNavigate } from '@referio/shared';
import { useLiveEvents } from '@referio/shared/live';
import { BarIcon } from './icons';

const RECOUNT_DEBOUNCE_MS = 250;

export function UnreadMessages() {
  const userId = useCurrentUser()?._id;
  const query = useQuery(chatQueries.unread(userId));
  const unread = query.data ?? 0;
  const go = useDashboardNavigate();

  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const recountSoon = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: chatKeys.unread(userId) }),
      RECOUNT_DEBOUNCE_MS,
    );
  };
  useLiveEvents(Boolean(userId), {
    message: recountSoon,
    read: recountSoon,
    resync: recountSoon,
    hello: (hello) => {
      if (hello.reconnected || hello.reopened) recountSoon();
    },
  });
  useEffect(() => {
    if (query.error) console.warn('[referio] unread messages not counted', query.error);
  }, [query.error]);

  return (
    <button
      type="button"
      className="dash__icon-button"
      aria-label={unread > 0 ? `Messages (${unread} unread)` : 'Messages'}
      onClick={() => go('chat')}
    >
      <BarIcon d="M4 5h16v11H9l-5 4z" />
      {unread > 0 && (
        <span className="dash__dot" data-testid="unread-messages-dot" aria-hidden="true" />
      )}
    </button>
  );
}
