// The top bar's unread-messages indicator: a chat button with a red dot (and the count for screen
// readers) while any chat has messages to me not yet read. Driven by the same live stream the chat page
// uses (GET /api/chat/events, without an open chat, so it never shows the user as 'Active Now'): every
// message, read or resync event re-counts from getReferrerChats (debounced). A slow poll (60 s) covers the
// time the stream is down; EventSource itself reconnects a dropped stream.
import { useEffect, useRef, useState } from 'react';
import {
  chatEventsUrl,
  getReferrerChats,
  useCurrentUser,
  useDashboardNavigate,
} from '@referio/shared';

export const UNREAD_POLL_MS = 60_000;
const RECOUNT_DEBOUNCE_MS = 250;

export function UnreadMessages() {
  const userId = useCurrentUser()?._id;
  const [unread, setUnread] = useState(0);
  const go = useDashboardNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!userId) return;
    let current = true;
    const recount = () => {
      getReferrerChats(userId)
        .then((chats) => {
          if (current) setUnread(chats.reduce((n, c) => n + (c.unread || 0), 0));
        })
        .catch((err: unknown) => console.warn('[referio] unread messages not counted', err));
    };
    const soon = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(recount, RECOUNT_DEBOUNCE_MS);
    };
    recount();
    const poll = setInterval(recount, UNREAD_POLL_MS);
    const source =
      typeof EventSource === 'undefined'
        ? null
        : new EventSource(chatEventsUrl(), { withCredentials: true });
    let hellos = 0;
    source?.addEventListener('hello', () => {
      if (hellos++ > 0) soon(); // a reconnect: count what arrived meanwhile
    });
    for (const name of ['message', 'read', 'resync']) source?.addEventListener(name, soon);
    return () => {
      current = false;
      clearInterval(poll);
      if (timer.current) clearTimeout(timer.current);
      source?.close();
    };
  }, [userId]);

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
