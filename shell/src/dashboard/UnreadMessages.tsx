// The top bar's unread-messages indicator: a chat button with a red dot (and the count for screen
// readers) while any chat has messages to me not yet read. Driven by the same live stream the chat page
// uses (GET /api/chat/events, without an open chat, so it never shows the user as 'Active Now'; one
// connection shared with the bell, see liveStream.ts): every message, read or resync event re-counts
// from getReferrerChats (debounced). A slow poll (60 s) covers the time the stream is down; EventSource
// itself reconnects a dropped stream.
import { useEffect, useRef, useState } from 'react';
import { getReferrerChats, useCurrentUser, useDashboardNavigate } from '@referio/shared';
import { useLiveEvents } from './liveStream';

export const UNREAD_POLL_MS = 60_000;
const RECOUNT_DEBOUNCE_MS = 250;

export function UnreadMessages() {
  const userId = useCurrentUser()?._id;
  const [unread, setUnread] = useState(0);
  const go = useDashboardNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const recountSoon = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!userId) return;
    let current = true;
    const count = () => {
      getReferrerChats(userId)
        .then((chats) => {
          if (current) setUnread(chats.reduce((n, c) => n + (c.unread || 0), 0));
        })
        .catch((err: unknown) => console.warn('[referio] unread messages not counted', err));
    };
    const soon = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(count, RECOUNT_DEBOUNCE_MS);
    };
    recountSoon.current = soon;
    count();
    const poll = setInterval(count, UNREAD_POLL_MS);
    return () => {
      current = false;
      recountSoon.current = () => undefined;
      clearInterval(poll);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [userId]);
  // Every message, read or resync event, and a reconnect, re-counts (debounced).
  useLiveEvents(userId, (event) => {
    if (event !== 'notification') recountSoon.current();
  });

  return (
    <button
      type="button"
      className="dash__icon-button"
      aria-label={unread > 0 ? `Messages (${unread} unread)` : 'Messages'}
      onClick={() => go('chat')}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M4 5h16v11H9l-5 4z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      {unread > 0 && (
        <span className="dash__dot" data-testid="unread-messages-dot" aria-hidden="true" />
      )}
    </button>
  );
}
